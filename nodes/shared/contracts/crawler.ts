import { z } from 'zod';

/** `DELETE /workspaces/{workspaceId}/crawler/jobs/{jobId}`: removes the job and its scraped pages. */
export const deleteCrawlerJobResponseSchema = z
	.object({
		success: z.boolean(),
		message: z.string(),
	})
	.passthrough();
