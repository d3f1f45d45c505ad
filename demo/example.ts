/**
 * What an example of the demo is (ExampleSpec) and what its run gives (ExampleOutcome): apart from
 * runner.ts, so that the catalogues and checks, which runner.ts loads, need not import it back.
 */
import type { IRun } from 'n8n-workflow';
import type { Sandbox } from '../sandbox';
import type { EventType } from '../nodes/shared/contracts/events';
import type { Engine, WorkflowJson } from './engine';

/** One event the sandbox posts to a trigger example's Production URL. */
export interface Delivery {
	label: string;
	type: EventType;
	/** Default: the workspace secret of the credential. */
	workspaceSecret?: string;
	/** The HTTP status the trigger must answer. */
	expectStatus: number;
	/** Whether the delivery must start an execution. */
	expectRun: boolean;
}

export interface DeliveryResult extends Delivery {
	status: number;
	body: string;
	ran: boolean;
}

export interface ExampleOutcome {
	workflow: WorkflowJson;
	/** The run the report describes (for a trigger example: the execution the first event started). */
	run: IRun;
	/** Trigger examples only. */
	webhook?: { productionUrl: string; deliveries: DeliveryResult[]; executions: number };
	/** Examples that serve a webhook: the runs its requests started. */
	webhookRuns?: IRun[];
}

export interface ExampleSpec {
	/** File name under examples/. */
	file: string;
	/** Set for a trigger example: the events the sandbox delivers over HTTP, in order. */
	deliveries?: Delivery[];
	/**
	 * Set for an example whose Webhook node serves an agent's tool: that node is served at its
	 * Production URL on a real listener (as an active workflow) while the manual branch runs.
	 */
	servesWebhook?: boolean;
	/** Set for an example that runs its own way (a polling trigger: demo/catalog-poll.ts). */
	run?(workflow: WorkflowJson, engine: Engine, sandbox: Sandbox): Promise<ExampleOutcome>;
	/** The key facts of a run, one short line each. */
	summarize(outcome: ExampleOutcome, sandbox: Sandbox): string[];
	/** What must be true after the run; each problem found is one line. */
	verify(outcome: ExampleOutcome, sandbox: Sandbox): string[];
}
