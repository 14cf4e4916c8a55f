import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { FooterTabs } from './footer-tabs';

const openQuickLinks = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByText('快捷入口'));
};

describe('FooterTabs quick links', () => {
  it('opens a quick link that is among the user menus', async () => {
    const user = userEvent.setup();
    renderScreen(<FooterTabs menuPaths={new Set(['/attendance/my-att'])} />, {
      path: '/home',
      extraRoutes: ['/attendance/my-att'],
    });
    await openQuickLinks(user);
    await user.click(await screen.findByRole('button', { name: '我的考勤' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/attendance/my-att'));
  });

  it('answers 权限不足 for a quick link outside the user menus', async () => {
    const user = userEvent.setup();
    renderScreen(<FooterTabs menuPaths={new Set(['/attendance/my-att'])} />, { path: '/home' });
    await openQuickLinks(user);
    await user.click(await screen.findByRole('button', { name: '我的工资' }));
    expect(await screen.findByText('权限不足')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('switches between the two tabs', async () => {
    const user = userEvent.setup();
    renderScreen(<FooterTabs menuPaths={new Set()} />, { path: '/home', extraRoutes: ['/user/person-center'] });
    await user.click(screen.getByText('我的'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/person-center'));
  });

  it('offers the tabs as links and 快捷入口 as a menu button that Esc closes', async () => {
    const user = userEvent.setup();
    renderScreen(<FooterTabs menuPaths={new Set()} />, { path: '/home' });
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '我的' })).toHaveAttribute('href', '/user/person-center');
    const quick = screen.getByRole('button', { name: '快捷入口' });
    expect(quick).toHaveAttribute('aria-expanded', 'false');
    await user.click(quick);
    expect(quick).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('button', { name: '我的考勤' });
    await user.keyboard('{Escape}');
    expect(quick).toHaveAttribute('aria-expanded', 'false');
  });
});
