import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

type FooterKey =
  | 'product'
  | 'features'
  | 'resources'
  | 'about'
  | 'blog'
  | 'support'
  | 'instagram'
  | 'facebook'
  | 'twitter'
  | 'terms'
  | 'feedback'
  | 'faq';

/** Every footer link of spec 2, grouped. */
const GROUPS: { title: 'company' | 'help' | 'social'; links: FooterKey[] }[] = [
  { title: 'company', links: ['product', 'features', 'resources', 'about', 'blog'] },
  { title: 'help', links: ['support', 'terms', 'feedback', 'faq'] },
  { title: 'social', links: ['instagram', 'facebook', 'twitter'] },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#000', color: '#fff', mt: 12, '--focus-ring': '#C9A227' }}
    >
      <Container maxWidth="lg" sx={{ py: 8, px: { xs: 4, sm: 6 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 6,
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Typography sx={{ color: 'primary.main', fontWeight: 700, fontSize: '1.25rem' }}>
              {t('appName')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 2, color: '#DDD' }}>
              {t('footer.tagline')}
            </Typography>
          </Box>
          {GROUPS.map((group) => (
            <Box component="nav" key={group.title} aria-label={t(`footer.${group.title}`)}>
              <Typography component="h2" variant="h4" sx={{ color: 'primary.main', mb: 2 }}>
                {t(`footer.${group.title}`)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
                {group.links.map((key) => (
                  <li key={key}>
                    <Box
                      component={Link}
                      to={`/${key}`}
                      sx={{
                        color: '#fff',
                        fontSize: '0.875rem',
                        '&:hover': { color: 'primary.main' },
                      }}
                    >
                      {t(`footer.${key}`)}
                    </Box>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography
          variant="body2"
          sx={{ mt: 8, pt: 4, borderTop: 1, borderColor: '#333', color: '#DDD' }}
        >
          {t('footer.copyright')}
        </Typography>
      </Container>
    </Box>
  );
}
