// n8n loads the community packages in its node_modules at every start, in every process, with
// n8n-core's LazyPackageDirectoryLoader. With the package's dist/known and dist/types metadata it
// reads only those and logs, at debug level, "Lazy-loading nodes and credentials from <package>"
// with the counts; without them it logs "Can't enable lazy-loading", requires every node and
// credential, and logs "Loaded all credentials and nodes from <package>" (n8n-core 2.41,
// nodes-loader/lazy-package-directory-loader.js and package-directory-loader.js). Each n8n
// process's own log proves which one happened.
const PACKAGE_NAME = 'n8n-nodes-convocore';
const LAZY = new RegExp(`Lazy-loading nodes and credentials from ${PACKAGE_NAME}\\b.*`);
const EAGER = new RegExp(`Loaded all credentials and nodes from ${PACKAGE_NAME}\\b`);

/** One check per process (`{ main }` or `{ main, worker, webhook }`): it loaded the package lazily. */
export async function proveLazyLoading({ mode, processes, checks }) {
	for (const [role, handle] of Object.entries(processes)) {
		await checks.check(
			mode,
			`the ${role} process lazy-loaded the package (n8n's debug log)`,
			async () => {
				const log = handle.readLog();
				const line = LAZY.exec(log);
				if (!line)
					throw new Error(
						`no "Lazy-loading nodes and credentials from ${PACKAGE_NAME}" in ${handle.logFile}`,
					);
				if (EAGER.test(log))
					throw new Error(
						`n8n required every node and credential of ${PACKAGE_NAME} (${handle.logFile})`,
					);
				return line[0].trim();
			},
		);
	}
}
