import { lookup, type LookupAddress, type LookupOptions } from "node:dns";
import { lookup as lookupAsync } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { Agent, buildConnector } from "undici";

// Feed addresses are typed by admins, and the server fetches them: none may reach the machine itself or the private
// network behind it (a cloud's metadata service, an internal admin page). Two guards: before a run, every address the
// feed's host resolves to must be public (a clear message, no request made); and every connection a feed request opens
// — redirects included — goes through `publicOnly`, which checks the address it actually connects to, so a host that
// resolves to a public address for the check and a private one for the request (DNS rebinding) is refused too.
// MONITOR_ALLOW_PRIVATE_HOSTS=true lifts both (tests, an intranet feed).

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

const bare = (host: string) => host.replace(/^\[|\]$/g, "");

/** Whether a URL's host is on the public internet (every address it resolves to); false when it does not resolve. */
export async function isPublicAddress(url: URL): Promise<boolean> {
  const host = bare(url.hostname);
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookupAsync(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivate(a.address));
  } catch {
    return false;
  }
}

export class NotPublicError extends Error {
  constructor(host: string) {
    super(`${host} is not a public internet address`);
  }
}

/** dns.lookup, failing when any address of the host is private (net.connect asks for one address or, to race IPv4
 *  and IPv6, for all of them). */
function publicLookup(hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivate(a.address))) return callback(new NotPublicError(hostname), []);
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const connect = buildConnector({ lookup: publicLookup as never });

/** The dispatcher of feed requests: connects only to public addresses (an address literal is checked as it is; a name
 *  through `publicLookup`). */
export const publicOnly = new Agent({
  connect(options, callback) {
    const host = bare(options.hostname);
    if (isIP(host) && isPrivate(host)) return callback(new NotPublicError(host), null);
    connect(options, callback);
  },
});
