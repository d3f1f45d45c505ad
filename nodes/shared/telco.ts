/**
 * The specification writes `telco` where the real API names its telephony provider, Twilio
 * (see the field notes). This file is the only place that knows the real word: every path and
 * field name that carries it is built from TELCO here.
 */
export const TELCO = 'twilio' as const;
export type Telco = typeof TELCO;

/** `telcoSmsAccountSid` in the spec → `twilioSmsAccountSid` on the wire. */
export type TelcoField<S extends string> = `${Telco}${S}`;
export function telcoField<S extends string>(suffix: S): TelcoField<S> {
	return `${TELCO}${suffix}`;
}

/** The five number utilities, with the provider word where the real API has it. */
export const NUMBER_PATHS = {
	buy: `/utils/buy-${TELCO}-number`,
	import: `/utils/import-${TELCO}-number`,
	release: `/utils/${TELCO}/release-number`,
	repairWebhooks: `/utils/${TELCO}/check-number`,
	assignToAgent: `/utils/${TELCO}/sync-sms`,
} as const;

/** The provider's own REST API, for the telephony credential's test (as n8n's own credential for it does). */
export const TELCO_API_BASE_URL = `https://api.${TELCO}.com/2010-04-01`;

/** The telephony account credential (Phone Number > Import); only shown from node version 2 on. */
export const TELEPHONY_CREDENTIAL_TYPE = 'convocoreTelephonyApi';
