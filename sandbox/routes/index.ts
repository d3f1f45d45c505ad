import { agentLifecycleRoutes } from './agentLifecycle';
import { agentRoutes } from './agents';
import { bulkLeadRoutes } from './bulkLeads';
import { campaignRoutes } from './campaigns';
import { conversationWriteRoutes } from './conversationWrites';
import { customMetricDataRoutes } from './customMetricData';
import { customMetricWriteRoutes } from './customMetricWrites';
import { leadGroupRoutes } from './leadGroups';
import { callRoutes } from './calls';
import { conversationRoutes } from './conversations';
import { crawlerRoutes } from './crawler';
import { knowledgeBaseRoutes } from './knowledgeBase';
import { leadRoutes } from './leads';
import { magicImportLeadRoutes } from './magicImportLeads';
import { customMetricRoutes } from './customMetrics';
import { numberRoutes } from './numbers';
import { organisationRoutes } from './organisations';
import { sessionRoutes } from './sessions';
import { smsRoutes } from './sms';
import { toolRoutes } from './tools';
import type { Route } from './types';
import { variableRoutes } from './variables';
import { voiceRoutes } from './voices';
import { usageRoutes } from './usage';
import { workspaceRoutes } from './workspaces';

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
