/**
 * Inclusive language matching for the voice filter: providers write languages as codes
 * (`en-US`, `en_GB`, `de`) or names (`English`, `British English`), and `en` must match them all.
 */

const LANGUAGE_NAMES: Record<string, string> = {
	english: 'en',
	german: 'de',
	french: 'fr',
	spanish: 'es',
	italian: 'it',
	portuguese: 'pt',
	dutch: 'nl',
	japanese: 'ja',
	hindi: 'hi',
	polish: 'pl',
	chinese: 'zh',
	mandarin: 'zh',
	arabic: 'ar',
	swedish: 'sv',
	turkish: 'tr',
	korean: 'ko',
};

/** ISO 639-2 codes some providers use (e.g. `eng`). */
const THREE_LETTER_CODES: Record<string, string> = {
	eng: 'en',
	ger: 'de',
	deu: 'de',
	fra: 'fr',
	fre: 'fr',
	spa: 'es',
	ita: 'it',
	por: 'pt',
	nld: 'nl',
	jpn: 'ja',
	hin: 'hi',
	pol: 'pl',
};

/** Regional adjectives as they appear in names like "British English" or "Mexican Spanish". */
const REGION_ADJECTIVES: Record<string, string> = {
	american: 'US',
	british: 'GB',
	australian: 'AU',
	irish: 'IE',
	indian: 'IN',
	canadian: 'CA',
	brazilian: 'BR',
	mexican: 'MX',
	castilian: 'ES',
	european: 'EU',
	swiss: 'CH',
	austrian: 'AT',
};

export interface NormalizedLanguage {
	/** ISO 639-1 code, lower case, e.g. `en`. */
	base: string;
	/** Region, upper case, e.g. `GB`, when the text names one. */
	region?: string;
}

/** `en-US`, `en_us`, `English`, `British English`, `english (UK)` → `{ base, region? }`; unknown text → undefined. */
export function normalizeLanguage(text: string): NormalizedLanguage | undefined {
	const cleaned = text.trim().toLowerCase().replace(/_/g, '-');
	const code = /^([a-z]{2,3})(?:-([a-z]{2,4}))?$/.exec(cleaned);
	if (code && !LANGUAGE_NAMES[cleaned]) {
		return {
			base: THREE_LETTER_CODES[code[1]] ?? code[1],
			region: code[2] ? code[2].toUpperCase() : undefined,
		};
	}
	const words = cleaned.replace(/[()]/g, ' ').split(/\s+/).filter(Boolean);
	const languageWord = words.find((word) => LANGUAGE_NAMES[word]);
	if (!languageWord) return undefined;
	const base = LANGUAGE_NAMES[languageWord];
	const adjective = words.find((word) => REGION_ADJECTIVES[word]);
	const regionCode = words.find((word) => /^[a-z]{2}$/.test(word) && word !== languageWord);
	const region = adjective
		? REGION_ADJECTIVES[adjective]
		: regionCode
			? regionCode === 'uk'
				? 'GB'
				: regionCode.toUpperCase()
			: undefined;
	return { base, region };
}

/**
 * `wanted` matches `stored` when the languages agree and, if `wanted` names a region, the stored
 * language names the same one: `en` matches every English voice, `en-GB` only British ones.
 */
export function languageMatches(wanted: NormalizedLanguage | undefined, stored: string): boolean {
	if (!wanted) return false;
	const have = normalizeLanguage(stored);
	if (!have || have.base !== wanted.base) return false;
	return !wanted.region || have.region === wanted.region;
}
