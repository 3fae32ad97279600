import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@forja/shared/schemas/auth';

export const loginResolver = zodResolver(loginSchema);
