import type { ResourceDefinition } from './resource';
import { smsResource } from './sms';
import { phoneNumberResource } from './phoneNumber';
import { customMetricResource } from './customMetric';
import { crawlerJobResource } from './crawlerJob';
import { voiceResource } from './voice';

/** Every resource of the Convocore node, in menu order. */
export const RESOURCES: ResourceDefinition[] = [smsResource, voiceResource, phoneNumberResource, customMetricResource, crawlerJobResource];
