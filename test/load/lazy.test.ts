import { z } from 'zod';
import { lazy } from '../../nodes/shared/contracts/lazy';

describe('lazy schemas', () => {
	it('are built on first use, once, and behave like the schema they wrap', () => {
		let builds = 0;
		const item = lazy(() => {
			builds++;
			return z.object({ name: z.string().min(2) }).strict();
		});
		const list = lazy(() =>
			z.object({ items: z.array(item), extra: item.extend({ n: z.number() }).optional() }),
		);
		expect(builds).toBe(0);

		expect(list.safeParse({ items: [{ name: 'ok' }], extra: { name: 'ab', n: 1 } }).success).toBe(
			true,
		);
		const failed = list.safeParse({ items: [{ name: 'x' }, { name: 'ok', other: 1 }] });
		expect(
			failed.success
				? []
				: failed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`),
		).toEqual(['items.0.name: too_small', 'items.1: unrecognized_keys']);
		expect(item instanceof z.ZodObject).toBe(true);
		expect(item.shape.name).toBeInstanceOf(z.ZodString);
		expect(builds).toBe(1);
	});

	it('answer instanceof and `in` before first use, and after it read the real schema without a proxy in between', () => {
		const schema = lazy(() => z.object({ id: z.string() }).passthrough());
		expect(schema instanceof z.ZodType).toBe(true);
		expect('_def' in schema).toBe(true);
		const real = Object.getPrototypeOf(schema) as z.ZodTypeAny;
		// Once built, the stub's prototype is the schema itself: every read is a plain prototype lookup.
		expect(real).toBeInstanceOf(z.ZodObject);
		expect(real.safeParse({ id: 'a', more: 1 })).toEqual(schema.safeParse({ id: 'a', more: 1 }));
		expect(schema.parse({ id: 'a', more: 1 })).toEqual({ id: 'a', more: 1 });
	});
});
