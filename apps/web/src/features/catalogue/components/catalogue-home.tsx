import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { HOME_CAROUSEL_TYPES } from '../utils/home';
import { PropertyCarousel } from './property-carousel';
import { PropertyGrid } from './property-grid';
import { SearchBar } from './search-bar';

export function CatalogueHome() {
  const { t } = useTranslation('catalogue');
  const { state, key, isFiltering, setFilters } = useCatalogueSearch();
  const { sort: _sort, ...filters } = state;

  return (
    <>
      <title>{t('home.pageTitle')}</title>
      <Box
        component="section"
        aria-labelledby="home-heading"
        sx={{
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          borderRadius: 2,
          px: { xs: 4, md: 8 },
          py: { xs: 4, md: 8 },
          mb: 4,
        }}
      >
        <Typography
          id="home-heading"
          component="h1"
          variant="h1"
          sx={{ color: 'primary.main', fontSize: { xs: '1.25rem', md: '1.5rem' } }}
        >
          {t('home.heading')}
        </Typography>
        <Typography component="p" variant="h3" sx={{ mt: 3 }}>
          {t('home.bannerTitle')}
        </Typography>
        <Typography sx={{ mt: 1, maxWidth: '60ch' }}>{t('home.bannerText')}</Typography>
        <Box
          component="ul"
          aria-label={t('home.countersLabel')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: { xs: 3, md: 5 },
            display: 'grid',
            gridTemplateColumns: 'repeat(4, 1fr)',
            gap: 2,
          }}
        >
          {HOME_CAROUSEL_TYPES.map((type) => (
            <li key={type}>
              <Typography
                component="span"
                sx={{
                  display: 'block',
                  fontSize: { xs: '1.125rem', md: '1.5rem' },
                  fontWeight: 700,
                  color: 'primary.main',
                }}
              >
                {t(`counters.${type}.value`)}
              </Typography>
              <Typography component="span" variant="body2">
                {t(`counters.${type}.label`)}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>

      <SearchBar key={key} value={filters} onSubmit={setFilters} showTypeFilter />

      {isFiltering ? (
        <Box component="section" aria-labelledby="results-heading" sx={{ mt: 6 }}>
          <Typography id="results-heading" component="h2" variant="h2" sx={{ mb: 4 }}>
            {t('home.resultsTitle')}
          </Typography>
          <PropertyGrid
            filter={filters}
            testId="results-grid"
            emptyText={t('grid.noMatches')}
            label={t('home.resultsTitle')}
          />
        </Box>
      ) : (
        <Box aria-label={t('home.carouselsLabel')} component="div" sx={{ mt: 4 }}>
          {HOME_CAROUSEL_TYPES.map((type) => (
            <PropertyCarousel key={type} type={type} />
          ))}
        </Box>
      )}
    </>
  );
}
