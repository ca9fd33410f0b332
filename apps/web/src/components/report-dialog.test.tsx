import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TClaim, TReport } from '@makazi/contracts/trust';
import type { TReportReason } from '@makazi/contracts/trust-values';
import {
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../testing/test-utils';
import ReportDialog from './report-dialog';

const LISTING = { id: '5f0c8a52-8d6e-4b8f-9a51-0c3e2d1b4a67', title: 'Nyumba Sinza' };
const REPORTS_PATH = `/api/properties/${LISTING.id}/reports`;

function report(reason: TReportReason, claim: TClaim | null = null): TReport {
  return {
    id: crypto.randomUUID(),
    propertyId: LISTING.id,
    reason,
    note: null,
    status: 'open',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    claim,
  };
}

const pendingClaim: TClaim = {
  status: 'pending',
  revealedAt: '2026-03-09T12:00:00.000Z',
  decidedAt: null,
  decision: null,
  credited: false,
};

/** The API answering the report with `answer` (given the body sent). */
function serve(answer: (body: { reason: TReportReason }) => Response) {
  return mockFetch((url, init) =>
    url.pathname === REPORTS_PATH && init?.method === 'POST'
      ? answer(sentBody(init) as { reason: TReportReason })
      : apiErrorResponse(404, 'NOT_FOUND'),
  );
}

function Harness({ kind, onClose }: { kind?: 'report' | 'deadEnd'; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ReportDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        property={LISTING}
        kind={kind}
      />
    </>
  );
}

async function openDialog(
  options: { kind?: 'report' | 'deadEnd'; language?: 'en' | 'sw' } = {},
  name = options.language === 'sw' ? 'Ripoti tangazo hili' : 'Report this listing',
) {
  signIn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  await renderApp(<Harness kind={options.kind} onClose={onClose} />, {
    language: options.language,
  });
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name });
  return { dialog, user, onClose };
}

describe('the report dialog', () => {
  it('offers the seven reasons, the first taking the focus, and an optional note', async () => {
    serve(() => jsonResponse(report('fake'), { status: 201 }));
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Nyumba Sinza');
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'It is already let or sold',
      'It is fake or a scam',
      'They ask for money before a viewing',
      'The price is wrong',
      'The photos do not match the property',
      'It is listed more than once',
      'Something else',
    ]);
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'It is already let or sold' })).toHaveFocus(),
    );
    const note = within(dialog).getByRole('textbox', { name: 'Note (optional)' });
    expect(note).toHaveAttribute('maxlength', '500');
    expect(note).toHaveAccessibleDescription('0 of 500 characters');
  });

  it('sends the reason and the note with the token, and thanks the reporter', async () => {
    const fetchMock = serve(() => jsonResponse(report('wrong_price'), { status: 201 }));
    const { dialog, user, onClose } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'The price is wrong' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      '  Ni 300,000 ',
    );
    expect(within(dialog).getByRole('textbox')).toHaveAccessibleDescription('13 of 500 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We received your report and will check the listing.',
    );
    const [sent] = requestsTo(fetchMock, REPORTS_PATH, 'POST');
    expect(sentBody(sent)).toEqual({ reason: 'wrong_price', note: 'Ni 300,000' });
    expect(sentAuthorization(sent)).toBe('Bearer access-token-1');
    expect(within(dialog).queryByTestId('report-claim')).not.toBeInTheDocument();

    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    await user.click(done);
    expect(onClose).toHaveBeenCalled();
    // The focus goes back to what opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('says a second report replaced the first (200)', async () => {
    serve(() => jsonResponse(report('duplicate'), { status: 200 }));
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'It is listed more than once' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /^We replaced your earlier report\.$/,
    );
  });

  it.each([
    ['pending', pendingClaim, "We'll check and give you a day back if it was a dead end."],
    [
      'upheld at once',
      {
        ...pendingClaim,
        status: 'upheld',
        decision: 'taken_before_reveal',
        decidedAt: '2026-03-10T12:00:00.000Z',
        credited: true,
      },
      'A day was added to your subscription.',
    ],
    [
      'refused for the period’s limit',
      {
        ...pendingClaim,
        status: 'refused',
        decision: 'credit_limit',
        decidedAt: '2026-03-10T12:00:00.000Z',
      },
      "You have used this subscription period's dead-end credits, so no day was added.",
    ],
  ] as const)('says what became of a dead-end claim: %s', async (_case, claim, text) => {
    serve(() => jsonResponse(report('already_taken', claim), { status: 201 }));
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'It is already let or sold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByTestId('report-claim')).toHaveTextContent(text);
  });

  it('asks for a reason, and for a note with Something else, before sending anything', async () => {
    const fetchMock = serve(() => jsonResponse(report('other'), { status: 201 }));
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const group = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(group).toHaveAccessibleDescription('Choose what is wrong.');
    expect(within(group).getByRole('radio', { name: 'It is already let or sold' })).toHaveFocus();

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note (required)' });
    expect(note).toBeRequired();
    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(/^Tell us in a few words what is wrong\./);
    expect(requestsTo(fetchMock, REPORTS_PATH, 'POST')).toHaveLength(0);

    await user.type(note, 'The owner wants a deposit by M-Pesa.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(sentBody(requestsTo(fetchMock, REPORTS_PATH, 'POST')[0])).toEqual({
      reason: 'other',
      note: 'The owner wants a deposit by M-Pesa.',
    });
  });

  it.each([
    [403, 'wrong_price', 'It is fake or a scam', 'You cannot report your own listing.'],
    [
      409,
      'already_taken',
      'It is already let or sold',
      'You already reported this listing for another reason, so it cannot also be a dead-end claim.',
    ],
    [
      409,
      'wrong_price',
      'The price is wrong',
      'You said this contact was a dead end. That claim stands and cannot become another kind of report.',
    ],
    [404, 'fake', 'It is fake or a scam', 'This listing is no longer available.'],
  ] as const)('words a %s in the reader’s language (%s)', async (status, _reason, label, text) => {
    serve(() => apiErrorResponse(status, status === 409 ? 'CONFLICT' : 'FORBIDDEN', 'English'));
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: label }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${text}$`));
    // The form stays, to change the reason or close.
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('says how long until more reports after the day’s limit (429), in Swahili', async () => {
    serve(() =>
      jsonResponse(
        { statusCode: 429, code: 'RATE_LIMITED', message: 'You have reported 20 listings today' },
        { status: 429, headers: { 'Retry-After': '7000' } },
      ),
    );
    const { dialog, user } = await openDialog({ language: 'sw' });
    await user.click(within(dialog).getByRole('radio', { name: 'Bei si sahihi' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tuma ripoti' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Umesharipoti matangazo mengi kadiri inavyoruhusiwa kwa siku moja. Utaweza kuripoti mengine baada ya saa 2.',
    );
  });

  it('offers only already taken and fake for a dead-end claim', async () => {
    const fetchMock = serve(() => jsonResponse(report('fake', pendingClaim), { status: 201 }));
    const { dialog, user } = await openDialog({ kind: 'deadEnd' }, 'Was this contact a dead end?');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('radio', { name: 'It is fake or a scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByTestId('report-claim')).toHaveTextContent(
      "We'll check and give you a day back if it was a dead end.",
    );
    expect(sentBody(requestsTo(fetchMock, REPORTS_PATH, 'POST')[0])).toEqual({ reason: 'fake' });
  });

  it('speaks Swahili', async () => {
    serve(() => jsonResponse(report('fake'), { status: 201 }));
    const { dialog } = await openDialog({ language: 'sw' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Imeshapangishwa au kuuzwa',
      'Ni la uongo au la utapeli',
      'Wanaomba pesa kabla ya kuonyesha mali',
      'Bei si sahihi',
      'Picha haziendani na mali',
      'Limetangazwa zaidi ya mara moja',
      'Sababu nyingine',
    ]);
    expect(
      within(dialog).getByRole('textbox', { name: 'Maelezo (si lazima)' }),
    ).toBeInTheDocument();
  });

  it('closes on Cancel and on Escape without sending', async () => {
    const fetchMock = serve(() => jsonResponse(report('fake'), { status: 201 }));
    const { dialog, user, onClose } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Report this listing' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
