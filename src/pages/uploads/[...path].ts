// Uploaded and demo images at their canonical /uploads/<key> URLs (see serve-upload.ts).
import type { APIRoute } from 'astro';
import { serveUpload } from '~/server/platform/storage/serve-upload';
import { uploadStore } from '~/server/platform/storage/uploads';

export const prerender = false;

export const GET: APIRoute = ({ params }) => serveUpload(uploadStore(), params.path ?? '');
