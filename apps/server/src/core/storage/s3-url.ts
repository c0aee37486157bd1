/** Where an S3-compatible bucket is and how to sign for it, read from S3_URL (design.md section 1). */
export interface S3Location {
  /** `https://host[:port]` or, for `s3+http://`, `http://host[:port]`; always path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const S3_URL_FORMAT =
  'must be s3://KEY:SECRET@host[:port]/bucket?region=REGION (s3+http:// for a plain-HTTP endpoint; key and secret URL-encoded)';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;

/**
 * Reads `s3://KEY:SECRET@host[:port]/bucket?region=REGION`. Returns the reason as a string when the
 * value is not one (never echoing the secret), so config.ts can name S3_URL with it.
 */
export function parseS3Url(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return S3_URL_FORMAT;
  }
  const scheme = { 's3:': 'https', 's3+http:': 'http' }[url.protocol];
  if (!scheme) return S3_URL_FORMAT;
  if (!url.hostname) return `${S3_URL_FORMAT}: the host is missing`;
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return `${S3_URL_FORMAT}: the key or secret is not correctly URL-encoded`;
  }
  if (!accessKeyId || !secretAccessKey) return `${S3_URL_FORMAT}: the key and secret are missing`;
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!BUCKET.test(bucket))
    return `${S3_URL_FORMAT}: the bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens`;
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) return `${S3_URL_FORMAT}: the region is not a region name`;
  const unknown = [...url.searchParams.keys()].filter((name) => name !== 'region');
  if (unknown.length > 0) return `${S3_URL_FORMAT}: unknown parameter ${unknown.join(', ')}`;
  if (url.hash) return S3_URL_FORMAT;
  return { endpoint: `${scheme}://${url.host}`, bucket, region, accessKeyId, secretAccessKey };
}
