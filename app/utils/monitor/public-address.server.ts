import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Feed addresses are typed by admins, and the server fetches them: none may reach the machine itself or the private
// network behind it (a cloud's metadata service, an internal admin page). Every address a feed's host name resolves to,
// and every address a redirect leads to, must be a public one. MONITOR_ALLOW_PRIVATE_HOSTS=true lifts this (tests, an
// intranet feed). A host that resolves differently between this check and the request (DNS rebinding) is not covered.

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24],
  ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 3],
] as const) PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) PRIVATE.addSubnet(net, prefix, "ipv6");

function isPrivate(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  return PRIVATE.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Whether a URL's host is on the public internet (every address it resolves to); false when it does not resolve. */
export async function isPublicAddress(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivate(a.address));
  } catch {
    return false;
  }
}
