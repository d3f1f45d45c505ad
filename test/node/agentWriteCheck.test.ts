/**
 * The write check (nodes/Convocore/helpers/writeCheck.ts) unit by unit: which fields it names as
 * not kept, and when it judges nothing (an answer that is not the record).
 */
import { fieldsNotKept } from '../../nodes/Convocore/helpers/writeCheck';

describe('fieldsNotKept', () => {
	it('names a field missing from the record and one whose value differs', () => {
		expect(
			fieldsNotKept(
				{ lang: 'de', title: 'A', limits: { max: 3 } },
				{ id: 'x', title: 'B', limits: { max: 3, extra: 1 } },
			),
		).toEqual(['lang', 'title']);
	});

	it('keeps what the server adds: extra keys of an object, and a number answered as the same number in text', () => {
		expect(
			fieldsNotKept(
				{ voiceConfig: { a: 1 }, messagesLimit: 40, tags: ['x'] },
				{ voiceConfig: { a: 1, b: 2 }, messagesLimit: '40', tags: ['x'] },
			),
		).toEqual([]);
	});

	it('a list must come back whole and in order', () => {
		expect(fieldsNotKept({ tags: ['a', 'b'] }, { name: 'n', tags: ['b', 'a'] })).toEqual(['tags']);
		expect(fieldsNotKept({ tags: ['a', 'b'] }, { name: 'n', tags: ['a'] })).toEqual(['tags']);
	});

	it('a secret only needs to be there: the server may answer it masked', () => {
		expect(
			fieldsNotKept(
				{ SECRET_API_KEY: 'k-1', whatsappToken: 't' },
				{ name: 'n', SECRET_API_KEY: '****' },
			),
		).toEqual(['whatsappToken']);
	});

	it.each([
		['an envelope without the record', { success: true, message: 'Created' }],
		['an ID alone', { id: 'lead-1' }],
		['no object', 'ok'],
		['a list', [{ lang: 'de' }]],
	])('judges nothing when the answer is %s', (_case, answer) => {
		expect(fieldsNotKept({ lang: 'de' }, answer)).toEqual([]);
	});
});
