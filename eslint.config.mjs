// Lint configuration: the rules n8n verifies a community package against.
//
// It applies what n8n's Creator Portal scanner (@n8n/scan-community-package,
// scanner/scanner.mjs `buildScanConfig`) and `n8n-node lint` (@n8n/node-cli,
// dist/configs/eslint.js) both apply:
//   - @n8n/eslint-plugin-community-nodes `recommended`, plus `no-console: error`;
//   - eslint-plugin-n8n-nodes-base: `community` rules on package.json, `credentials` rules on
//     credentials/**, `nodes` rules on nodes/**, with the same rules switched off as n8n's
//     own configs switch off (listed below with n8n's reasons);
//   - the TypeScript parser for .ts sources and for JSON (package.json, codex files), which
//     @typescript-eslint/parser reads as one object expression.
//
// `npm run scan` additionally runs the scanner's own code with its own bundled plugin version,
// so a difference between plugin versions shows up there.
//
// Not included: the generic @eslint/js, typescript-eslint and import-x `recommended` sets that
// `n8n-node lint` also extends. They are style/correctness rules that n8n's verification does
// not gate on, and `npm run typecheck` (strict tsc) covers the correctness part.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

export default [
	// Build output and installed packages are never linted; the compiled package is checked
	// by `npm run scan`, which lints the packed tarball.
	{ ignores: ['dist/**', 'node_modules/**'] },

	n8nCommunityNodesPlugin.configs.recommended,
	{ rules: { 'no-console': 'error' } },

	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// n8n: not valid for community nodes (their documentationUrl is a full URL).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// n8n: @n8n/community-nodes/credential-password-field is the more accurate rule.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// n8n: inputs and outputs may be NodeConnectionTypes.Main rather than the string 'main'.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// n8n: a third-party API may really have a maximum, so maxValue is valid.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},

	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser },
	},
	{
		files: ['**/*.json'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
];
