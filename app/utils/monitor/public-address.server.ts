import { lookup, type LookupAddress, type LookupOptions } from "node:dns";
import { lookup as lookupAsync } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector } from "undici";

// Feed addresses are typed by admins, and the server fetches them: none may reach the machine itself or the private
// network behind it (a cloud's metadata service, an internal admin page), nor any other special range: only global
// unicast addresses are public (`isGlobalUnicast`). Two guards: before a run, every address the feed's host resolves
// to must be public (a clear message, no request made); and every connection a feed request opens — redirects
// included — goes through `publicOnly`, which checks the address it actually connects to, so a host that resolves to a
// public address for the check and a private one for the request (DNS rebinding) is refused too.
// MONITOR_ALLOW_PRIVATE_HOSTS=true lifts both (tests, an intranet feed).

/** "::a.b.c.d": IPv4-compatible (deprecated, RFC 4291 §2.5.5.1), which ipaddr.js reads as IPv4-mapped. */
const IPV4_COMPATIBLE = /^::(?:\d{1,3}\.){3}\d{1,3}$/;

/**
 * Whether an address is global unicast: ipaddr.js's "unicast", outside every special range (private, loopback,
 * link-local, documentation, benchmarking, carrier-grade NAT, multicast, reserved; for IPv6 also NAT64, 6to4, Teredo,
 * ORCHID, ...). An IPv4-mapped address (::ffff:a.b.c.d) is judged as its IPv4 address; ::/96 (the unspecified and
 * loopback addresses, IPv4-compatible ones however written) never passes.
 */
export function isGlobalUnicast(address: string): boolean {
  if (!isIP(address) || IPV4_COMPATIBLE.test(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.parts.slice(0, 6).some((part) => part !== 0) && v6.range() === "unicast";
}

const bare = (host: string) => host.replace(/^\[|\]$/g, "");

/** Whether a URL's host is on the public internet (every address it resolves to); false when it does not resolve. */
export async function isPublicAddress(url: URL): Promise<boolean> {
  const host = bare(url.hostname);
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookupAsync(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((a) => isGlobalUnicast(a.address));
  } catch {
    return false;
  }
}

export class NotPublicError extends Error {
  constructor(host: string) {
    super(`${host} is not a public internet address`);
  }
}

/** dns.lookup, failing when any address of the host is not public (net.connect asks for one address or, to race IPv4
 *  and IPv6, for all of them). */
function publicLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => !isGlobalUnicast(a.address))) return callback(new NotPublicError(hostname), []);
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
    if (isIP(host) && !isGlobalUnicast(host)) return callback(new NotPublicError(host), null);
    connect(options, callback);
  },
});
