interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | undefined;
}

/**
 * How a request appears in the log: its path without the query string, which can carry a
 * reset token or an e-mail address (`/users/password-reset?email=…&token=…`).
 */
export function requestLogFields(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
