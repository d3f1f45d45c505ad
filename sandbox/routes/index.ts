import { agentLifecycleRoutes } from './agentLifecycle';
import { agentRoutes } from './agent';
import { bulkLeadRoutes } from './leadImport';
import { campaignRoutes } from './campaign';
import { conversationWriteRoutes } from './conversationWrites';
import { customMetricDataRoutes } from './customMetricData';
import { customMetricWriteRoutes } from './customMetricWrites';
import { leadGroupRoutes } from './leadGroup';
import { callRoutes } from './call';
import { conversationRoutes } from './conversation';
import { crawlerRoutes } from './crawlerJob';
import { knowledgeBaseRoutes } from './knowledgeBase';
import { leadRoutes } from './lead';
import { magicImportLeadRoutes } from './leadImportFromText';
import { customMetricRoutes } from './customMetric';
import { numberRoutes } from './phoneNumber';
import { organisationRoutes } from './organisation';
import { sessionRoutes } from './sessions';
import { smsRoutes } from './sms';
import { toolRoutes } from './tool';
import type { Route } from './types';
import { variableRoutes } from './variable';
import { voiceRoutes } from './voice';
import { usageRoutes } from './usage';
import { workspaceRoutes } from './workspace';

/** Every specified V3 endpoint, relative to /v3. */
export const ROUTES: Route[] = [
	// First: the first pattern that matches wins, and /convos/export would otherwise read as a conversation ID.
	...conversationWriteRoutes,
	...campaignRoutes,
	...leadGroupRoutes,
	...bulkLeadRoutes,
	// Data first: GET …/custom-metrics/data is not a metric ID.
	...customMetricDataRoutes,
	...customMetricWriteRoutes,
	...smsRoutes,
	...voiceRoutes,
	...numberRoutes,
	...customMetricRoutes,
	...crawlerRoutes,
	...agentRoutes,
	...agentLifecycleRoutes,
	...callRoutes,
	...conversationRoutes,
	...leadRoutes,
	...magicImportLeadRoutes,
	...knowledgeBaseRoutes,
	...workspaceRoutes,
	...sessionRoutes,
	...variableRoutes,
	...organisationRoutes,
	...usageRoutes,
	...toolRoutes,
];
