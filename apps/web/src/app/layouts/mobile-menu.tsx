import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { LanguageSwitch } from '../../components/language-switch';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

export default function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id, sx: { width: 260 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', p: 3 }}>
        <Typography component="h2" variant="h3" sx={{ flex: 1 }}>
          {t('header.menu')}
        </Typography>
        <IconButton aria-label={t('header.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t('header.menu')} sx={{ display: 'grid', gap: 3, p: 3 }}>
        <Button component={Link} to="/posts" onClick={onClose}>
          {t('header.posts')}
        </Button>
        <Box>
          <Typography variant="caption" component="p" sx={{ mb: 1 }}>
            {t('language.label')}
          </Typography>
          <LanguageSwitch tone="light" />
        </Box>
      </Box>
    </Drawer>
  );
}
