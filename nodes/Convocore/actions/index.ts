import type { ResourceDefinition } from './resource';
import { smsResource } from './sms';
import { voiceResource } from './voice';

/** Every resource of the Convocore node, in menu order. */
export const RESOURCES: ResourceDefinition[] = [smsResource, voiceResource];
