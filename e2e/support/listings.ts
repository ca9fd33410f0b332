import { readFile } from 'node:fs/promises';
import { mainServer, type AppServer } from './app-server';
import { clientAddress, forwardedFor } from './client-address';
import { phonePhoto } from './photos';
import { firstAddress } from './locations';

/*
 * Listings and moderation through the API, for specs whose subject comes after publishing
 * (promoting, moderating): the publishing spec covers the wizard itself.
 */

async function call<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  base: string = mainServer().baseUrl,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The five photo slots a house for rent needs (REQUIRED_PICTURE_LABELS.Rent). */
const RENT_PHOTO_LABELS = ['picha_nje', 'picha_chumba', 'picha_sebule', 'picha_jiko', 'picha_choo'];

/**
 * A complete house for rent (details, address, every required photo) published by the token's
 * user: it is awaiting review afterwards.
 */
export async function publishRentThroughApi(
  token: string,
  title: string,
  base: string = mainServer().baseUrl,
): Promise<string> {
  const { id } = await call<{ id: string }>(
    'POST',
    '/api/properties/lease',
    token,
    {
      type: 'Rent',
      title,
      description: 'Nyumba safi yenye maji ya bomba, karibu na barabara kuu.',
      ownerName: 'Mama Neema',
      ownerPhoneNumber: '0754123456',
      leasePrice: 350_000,
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      leaseTerm: 6,
    },
    base,
  );
  await call('POST', `/api/properties/${id}/address`, token, await firstAddress(base), base);

  const form = new FormData();
  for (const [index, label] of RENT_PHOTO_LABELS.entries()) {
    const file = await readFile(await phonePhoto(index + 1));
    form.append('files', new Blob([file], { type: 'image/jpeg' }), `${label}.jpg`);
    form.append('category', label);
  }
  const upload = await fetch(`${base}/api/properties/${id}/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`photo upload: HTTP ${upload.status} ${await upload.text()}`);
  return id;
}

/** The e2e admin's desk: one address for all of a spec file's admin sign-ins. */
const ADMIN_ADDRESS = clientAddress();

/** Signs the e2e admin in through the API (the app creates it from ADMIN_USERNAME/PASSWORD). */
export async function adminTokenThroughApi(server: AppServer = mainServer()): Promise<string> {
  const { username, password } = server.admin;
  const response = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...forwardedFor(ADMIN_ADDRESS) },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`admin login: HTTP ${response.status}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return token;
}

/** Approves a listing as the e2e admin: it becomes public. */
export async function approveThroughApi(
  propertyId: string,
  server: AppServer = mainServer(),
): Promise<void> {
  await call(
    'POST',
    `/api/admin/properties/${propertyId}/approve`,
    await adminTokenThroughApi(server),
    undefined,
    server.baseUrl,
  );
}
