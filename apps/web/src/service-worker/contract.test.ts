import { describe, expect, it } from 'vitest';
import { isUpdateMessage, servedByTheAppShell } from './contract';

describe('which navigations the app shell answers', () => {
  it('answers every screen of the app, deep links and their searches included', () => {
    for (const path of [
      '/',
      '/auth/login',
      '/users/home',
      '/users/diary',
      '/users/onboarding/third-step',
      '/trainers/clients/0b6f4d1e-3c1a-4a43-9a3e-2f1d0c9b8a7e/diary',
      '/legal/privacy',
    ]) {
      expect(servedByTheAppShell(path), path).toBe(true);
    }
  });

  it('leaves the server its own pages: the API, the mail outbox, the checkout, pictures, files', () => {
    for (const path of [
      '/v0',
      '/v0/',
      '/v0/users/',
      '/v0/openapi.json',
      '/dev/mail',
      '/dev/mail.json',
      '/checkout/local/cs_local_1',
      '/checkout/local/portal/abc/card',
      '/media/profile-pictures/a.webp',
      '/sw.js',
      '/robots.txt',
      '/assets/index-abc.js',
    ]) {
      expect(servedByTheAppShell(path), path).toBe(false);
    }
  });

  it('does not mistake a screen that merely starts like a server path', () => {
    expect(servedByTheAppShell('/v01')).toBe(true);
    expect(servedByTheAppShell('/developers')).toBe(true);
  });
});

describe('the word that lets a waiting version take over', () => {
  it('is the one workbox-window sends, and nothing else', () => {
    expect(isUpdateMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isUpdateMessage({ type: 'forja:open' })).toBe(false);
    expect(isUpdateMessage('SKIP_WAITING')).toBe(false);
    expect(isUpdateMessage(null)).toBe(false);
  });
});
