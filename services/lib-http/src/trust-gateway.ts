import proxyAddr from 'proxy-addr';

/**
 * express "trust proxy" for a service behind the gateway: exactly one hop is believed, and only when the
 * peer that connected is the gateway (`trusted`: addresses, CIDRs or names such as loopback / uniquelocal).
 * The gateway replaces whatever a caller sent with the one address it saw, so req.ip is that client; a
 * caller that reaches the service some other way, or prepends loopback-looking hops, is seen as itself.
 */
export function trustGateway(trusted: string): (address: string, hop: number) => boolean {
  const isGateway = proxyAddr.compile(trusted.split(',').map((entry) => entry.trim()).filter(Boolean));
  return (address, hop) => hop === 0 && isGateway(address, hop);
}
