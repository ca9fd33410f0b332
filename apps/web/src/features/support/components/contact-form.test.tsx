import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn, sentBody } from '../../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { ContactForm } from './contact-form';

const CREATED = {
  id: '5f0c2d1e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
  createdAt: '2026-11-25T10:00:00.000Z',
};

function serve(answer: () => Response = () => jsonResponse(CREATED, { status: 201 })) {
  return mockFetch((url) =>
    url.pathname === '/api/support/messages'
      ? answer()
      : jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'no' }, { status: 404 }),
  );
}

function calls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(
    ([input]) => typeof input === 'string' && input.includes('/support/messages'),
  );
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  labels: { name: string; phone: string; topic: string; message: string },
  values: { name?: string; phone?: string; topic?: string; message?: string },
) {
  if (values.name !== undefined) await user.type(screen.getByLabelText(labels.name), values.name);
  if (values.phone !== undefined) {
    await user.type(screen.getByLabelText(labels.phone), values.phone);
  }
  if (values.topic !== undefined) {
    await user.selectOptions(screen.getByLabelText(labels.topic), values.topic);
  }
  if (values.message !== undefined) {
    await user.type(screen.getByLabelText(labels.message), values.message);
  }
}

const EN = { name: 'Your name', phone: 'Phone number', topic: 'Topic', message: 'Message' };
const SW = { name: 'Jina lako', phone: 'Namba ya simu', topic: 'Mada', message: 'Ujumbe' };

describe('ContactForm', () => {
  it('sends a visitor’s message and says it has reached the team', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    await renderApp(<ContactForm />);
    await fill(user, EN, {
      name: ' Zawadi Lyimo ',
      phone: '0712 345 678',
      topic: 'A listing',
      message: 'My listing in Sinza is still waiting.',
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const thanks = await screen.findByText(
      'Thank you. Your message has reached our team, and we will answer you.',
    );
    expect(thanks).toHaveAttribute('role', 'status');
    const [call] = calls(fetchMock);
    expect(call?.[1]?.method).toBe('POST');
    expect(sentBody(call?.[1])).toEqual({
      name: 'Zawadi Lyimo',
      phone: '0712 345 678',
      topic: 'listing',
      message: 'My listing in Sinza is still waiting.',
    });
    // A visitor's message carries no token.
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText(EN.message)).toHaveValue('');
    expect(screen.getByLabelText(EN.name)).toHaveValue(' Zawadi Lyimo ');
  });

  it('shows each field’s problem under it, in Swahili, and sends nothing', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    await renderApp(<ContactForm />, { language: 'sw' });
    await fill(user, SW, { phone: '0222 123 456', message: 'Fupi' });
    await user.click(screen.getByRole('button', { name: 'Tuma ujumbe' }));

    const name = screen.getByLabelText(SW.name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Andika jina lako.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(SW.phone)).toHaveAccessibleDescription(
      'Tumia namba ya simu ya mkononi ya Tanzania, kama 0712 345 678.',
    );
    expect(screen.getByLabelText(SW.topic)).toHaveAccessibleDescription('Chagua mada.');
    expect(screen.getByLabelText(SW.message)).toHaveAccessibleDescription(
      'Angalau herufi 10. Andika angalau herufi 10.',
    );
    expect(calls(fetchMock)).toHaveLength(0);

    // The problems follow the typing.
    await user.type(name, 'Zawadi');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('asks a visitor for a phone number or an email, in English', async () => {
    serve();
    const user = userEvent.setup();
    await renderApp(<ContactForm />);
    await fill(user, EN, {
      name: 'Zawadi',
      topic: 'A payment',
      message: 'I paid and got nothing.',
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const phone = screen.getByLabelText(EN.phone);
    expect(phone).toHaveAccessibleDescription(
      'Give a phone number or an email, so we can answer you.',
    );
    expect(phone).toHaveFocus();
  });

  it('needs no contact from a signed-in sender, and sends the token so the account is known', async () => {
    signIn({ user: 'Amina Juma', token: 'access-token-9' });
    const fetchMock = serve();
    const user = userEvent.setup();
    await renderApp(<ContactForm />);
    // The name is the account's, to start with.
    expect(screen.getByLabelText(EN.name)).toHaveValue('Amina Juma');
    expect(screen.getByLabelText('Phone number (optional)')).toBeInTheDocument();
    await fill(user, EN, { topic: 'My account', message: 'Please change my phone number.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(
      'Thank you. Your message has reached our team, and we will answer you.',
    );
    const [call] = calls(fetchMock);
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer access-token-9',
    );
    expect(sentBody(call?.[1])).toEqual({
      name: 'Amina Juma',
      topic: 'account',
      message: 'Please change my phone number.',
    });
  });

  it('shows the API’s refusal of a field under that field, in the reader’s language', async () => {
    serve(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'phone: must be a Tanzanian mobile number such as 0712345678',
          details: [{ field: 'phone', message: 'must be a Tanzanian mobile number' }],
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    await renderApp(<ContactForm />, { language: 'sw' });
    await fill(user, SW, {
      name: 'Zawadi',
      phone: '0612 345 678',
      topic: 'Utapeli',
      message: 'Mtu ameniomba nilipe kabla ya kuona nyumba.',
    });
    await user.click(screen.getByRole('button', { name: 'Tuma ujumbe' }));
    const phone = screen.getByLabelText(SW.phone);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        'Tumia namba ya simu ya mkononi ya Tanzania, kama 0712 345 678.',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Angalia sehemu zilizowekwa alama hapa chini.',
    );
    expect(phone).toHaveFocus();
  });

  it('says when to try again after too many messages', async () => {
    serve(() =>
      jsonResponse(
        { statusCode: 429, code: 'RATE_LIMITED', message: 'You have sent 5 messages this hour.' },
        { status: 429, headers: { 'Retry-After': '1500' } },
      ),
    );
    const user = userEvent.setup();
    await renderApp(<ContactForm />);
    await fill(user, EN, {
      name: 'Zawadi',
      phone: '0712345678',
      topic: 'Something else',
      message: 'Hello, one more question.',
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages already. Try again in 25 minutes.',
    );
  });
});
