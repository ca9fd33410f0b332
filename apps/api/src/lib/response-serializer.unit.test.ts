import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZListPropertiesResponse } from '@makazi/contracts/properties';
import { createResponseSerializerCompiler } from './response-serializer';

const publisher = {
  id: '6f1c1f3e-8c1b-4b8e-9a55-0a2d3c4e5f60',
  firstName: 'Asha',
  lastName: 'Mrema',
};
const common = {
  id: '0b4204cf-627e-4e30-bc8c-dcbaea339cc7',
  title: 'Kiwanja',
  description: 'Kizuri',
  ownerName: 'Juma',
  publishedBy: publisher,
  propertyAddress: null,
  media: [{ name: '{"picha_mbele"}', pictures: ['/media/a-768.webp'] }],
  photos: [
    {
      id: '5580e4fa-c309-4f65-8ac8-9292ba33ba76',
      label: 'picha_mbele',
      url: '/media/a-768.webp',
      width: 768,
      height: 512,
      variants: [{ width: 768, height: 512, url: '/media/a-768.webp' }],
    },
  ],
  promotionEndDate: null,
  price: 5_000_000,
  status: 'approved',
  createdAt: '2024-03-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
  confirmedAt: '2024-03-01T00:00:00.000Z',
  contactVerified: false,
};
const land = {
  ...common,
  type: 'Land',
  lotPrice: 5_000_000,
  lotWidth: 20.5,
  lotLength: 30,
  lotStatus: 'Hati',
  distanceFromMainRoad: '1 km',
  isWaterServiceAvailable: true,
  isElectricityServiceAvailable: false,
};
const rent = {
  ...common,
  id: 'ea8cb773-379a-416c-8182-ebe7ed6f58aa',
  type: 'Rent',
  leasePrice: 300_000,
  price: 300_000,
  leaseTerm: 6,
  numberOfBedrooms: 2,
  numberOfBathrooms: 1,
  propertyAddress: {
    region: { id: 1, name: 'Arusha' },
    district: { id: 2, name: 'Meru' },
    ward: { id: 3, name: 'Usa River' },
    street: { id: 4, name: 'Tengeru' },
    apartmentNumber: null,
    houseNumber: '7',
    plotNumber: null,
  },
};

const compile = (checkWithZod: boolean) =>
  createResponseSerializerCompiler({ checkWithZod })({
    schema: ZListPropertiesResponse,
    method: 'GET',
    url: '/api/properties',
    httpStatus: '200',
  });

describe('response serializer', () => {
  it('writes exactly what zod would, for every branch of a union', () => {
    for (const checkWithZod of [true, false]) {
      const json = compile(checkWithZod)([land, rent]);
      expect(JSON.parse(json)).toEqual(ZListPropertiesResponse.parse([land, rent]));
    }
  });

  it('never writes a field the contract does not declare', () => {
    const leaky = [
      {
        ...rent,
        ownerPhoneNumber: '+255712345678',
        publishedBy: { ...publisher, phoneNumber: '+255787654321' },
      },
    ];
    const json = compile(false)(leaky);
    expect(json).not.toContain('712345678');
    expect(json).not.toContain('787654321');
    expect(json).not.toMatch(/phone/i);
  });

  it('refuses a response that breaks its contract when checking', () => {
    const broken = [{ ...land, lotWidth: 'wide' }];
    expect(() => compile(true)(broken)).toThrow(/does not match its contract/);
  });

  it('handles plain schemas too', () => {
    const write = createResponseSerializerCompiler({ checkWithZod: true })({
      schema: z.object({ status: z.literal('ok'), count: z.number().int() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(write({ status: 'ok', count: 3, secret: 'x' })).toBe('{"status":"ok","count":3}');
  });

  it('writes any JSON, null included, for an unknown-or-null field (an audit entry’s before/after)', () => {
    const write = createResponseSerializerCompiler({ checkWithZod: true })({
      schema: z.object({ before: z.unknown().nullable(), after: z.unknown().nullable() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    const entry = { before: null, after: { status: 'approved', reason: 'ok' } };
    expect(JSON.parse(write(entry))).toEqual(entry);
  });
});
