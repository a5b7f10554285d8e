import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from './Footer';

describe('Footer', () => {
  it('has the company links, three labelled social links and the copyright line', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    for (const name of ['Home', 'Contacts', 'About Us', 'Privacy Policy']) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', '/');
    }
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', 'https://www.facebook.com/');
    expect(screen.getByRole('link', { name: /Twitter/ })).toHaveAttribute('href', 'https://x.com/');
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/');
    expect(screen.getByText('© 2026 Puronoboi. All rights reserved.')).toBeInTheDocument();
  });
});
