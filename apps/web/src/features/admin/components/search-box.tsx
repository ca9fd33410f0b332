import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useAdminText } from '../hooks/use-admin-text';

/** A search field that searches on Enter or its button (no request per keystroke). */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (query: string) => void;
}) {
  const { t } = useAdminText();
  const [query, setQuery] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(query.trim());
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      // 260px where there is room; on a phone it shrinks with the page instead of widening it.
      sx={{ display: 'flex', gap: 1, flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}
    >
      <TextField
        type="search"
        label={label}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <IconButton type="submit" aria-label={t('search')}>
        <SearchIcon />
      </IconButton>
    </Box>
  );
}
