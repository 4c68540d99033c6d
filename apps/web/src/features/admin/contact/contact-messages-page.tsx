import type { ContactMessagesRecord } from '@photoshoot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { useToast } from '../../../ui/use-toast';
import { formatDateTime } from '../components/format';
import { ListToolbar } from '../components/list-toolbar';
import { ContactMessageDialog } from './contact-message-dialog';
import { contactRawSearch, readContactSearch } from './contact-search';
import { adminLists, listKeys } from '../data/list-queries';
import { updateContactMessage } from '../data/list-writes';
import { CONTACT_STATUS_OPTIONS, ContactStatusBadge } from './contact-status';
import { useListSearch } from '../data/use-list-search';
import { useListPage } from '../data/use-list-page';
import { CONTACT_TOPICS, contactTopicLabel } from '../../../shared/contact-topics';

type Message = ContactMessagesRecord;
type Status = Message['status'];

const TOPIC_OPTIONS = [...CONTACT_TOPICS];

const col = dataTableColumns<Message>();

function messageColumns(open: (m: Message) => void, setStatus: (m: Message, s: Status) => void) {
  return [
    col.accessor('name', {
      header: 'From',
      cell: (c) => (
        <button
          type="button"
          className="block max-w-56 text-left"
          onClick={() => open(c.row.original)}
          aria-label={`Open the message from ${c.row.original.name}`}
        >
          <span className={c.row.original.status === 'new' ? 'font-bold' : 'font-medium'}>
            {c.getValue()}
          </span>
          <span className="block truncate text-xs font-normal text-zinc-500">{c.row.original.email}</span>
          <span className="mt-1 block sm:hidden">
            <ContactStatusBadge status={c.row.original.status} />
          </span>
        </button>
      ),
    }),
    col.accessor('message', {
      header: 'Message',
      enableSorting: false,
      meta: { hideBelow: 'md' },
      cell: (c) => <span className="line-clamp-2 max-w-md text-zinc-700">{c.getValue()}</span>,
    }),
    col.accessor('topic', {
      header: 'Topic',
      meta: { hideBelow: 'lg' },
      cell: (c) => (c.getValue() ? contactTopicLabel(c.getValue()) : '—'),
    }),
    col.accessor('status', {
      header: 'Status',
      meta: { hideBelow: 'sm' },
      cell: (c) => <ContactStatusBadge status={c.getValue()} />,
    }),
    col.accessor('created', {
      header: 'Received',
      sortDescFirst: true,
      meta: { hideBelow: 'sm' },
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      meta: { align: 'right' },
      cell: (c) => {
        const m = c.row.original;
        return m.status === 'answered' || m.status === 'spam' ? null : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Mark the message from ${m.name} handled`}
            onClick={() => setStatus(m, 'answered')}
          >
            Mark handled
          </Button>
        );
      },
    }),
  ];
}

/** /admin/contact-messages: the contact form's inbox; open a message, mark it handled. */
export function ContactMessagesPage() {
  useTitle('Contact messages · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/contact-messages',
    readContactSearch,
    contactRawSearch,
  );

  const { list, table } = useListPage(adminLists.contactMessages(search));

  const client = useQueryClient();
  const toast = useToast();
  const [openMsg, setOpenMsg] = useState<Message | null>(null);
  // note: the fresh copy when the list still holds it; a status filter may have let it go.
  const opened = openMsg ? (list.data?.items.find((m) => m.id === openMsg.id) ?? openMsg) : null;
  const change = useMutation({
    mutationFn: ({ m, status }: { m: Message; status: Status }) => updateContactMessage(m.id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: listKeys.contactMessages }),
    onError: (err) => toast.error('The message could not be updated.', errorMessage(err)),
  });
  const setStatus = (m: Message, status: Status) => change.mutate({ m, status });
  const open = (m: Message) => {
    setOpenMsg(m);
    // note: opening a new message is reading it; the overview's "new" count follows.
    if (m.status === 'new') change.mutate({ m, status: 'read' });
  };
  const columns = useMemo(() => messageColumns(open, setStatus), []);
  const filtered = !!(search.q || search.status || search.topic);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Contact messages"
        description="What visitors sent through the contact form. Opening a message marks it read."
      />
      <DataTable
        label="Contact messages"
        columns={columns}
        {...table}
        {...tableNav}
        empty={filtered ? 'No message matches these filters.' : 'No messages yet.'}
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            search={{ label: 'Search messages', placeholder: 'Email, name or text' }}
            filters={[
              { key: 'status', label: 'Status', options: CONTACT_STATUS_OPTIONS },
              { key: 'topic', label: 'Topic', options: TOPIC_OPTIONS },
            ]}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
      <ContactMessageDialog
        message={opened}
        pending={change.isPending}
        onClose={() => setOpenMsg(null)}
        onStatus={(m, status) =>
          change.mutate(
            { m, status },
            {
              onSuccess: (saved) =>
                status === 'answered' || status === 'spam' ? setOpenMsg(null) : setOpenMsg(saved),
            },
          )
        }
      />
    </div>
  );
}
