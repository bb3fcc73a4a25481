import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@/test/utils';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function renderTabs() {
  render(
    <Tabs defaultValue="one">
      <TabsList aria-label="الأقسام" className="flex">
        <TabsTrigger value="one">one</TabsTrigger>
        <TabsTrigger value="two">two</TabsTrigger>
        <TabsTrigger value="three">three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">panel one</TabsContent>
      <TabsContent value="two">panel two</TabsContent>
      <TabsContent value="three">panel three</TabsContent>
    </Tabs>,
  );
}

const selected = () => screen.getByRole('tab', { selected: true });

afterEach(() => setLanguage('ar'));

describe('<Tabs />', () => {
  it('in Arabic, the left arrow opens the next tab and the right arrow the previous one', async () => {
    await setLanguage('ar');
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'one' }));
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toHaveAccessibleName('two');
    expect(selected()).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel two');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveAccessibleName('one');
  });

  it('in English, the right arrow opens the next tab', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'one' }));
    await user.keyboard('{ArrowRight}');
    expect(selected()).toHaveAccessibleName('two');
  });

  it('Home and End open the first and the last tab', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'two' }));
    await user.keyboard('{End}');
    expect(selected()).toHaveAccessibleName('three');
    await user.keyboard('{Home}');
    expect(selected()).toHaveAccessibleName('one');
  });

  it('shows a focus ring on the tabs and the panel from the keyboard', () => {
    renderTabs();
    expect(screen.getByRole('tab', { name: 'one' }).className).toContain('focus-visible:outline-2');
    expect(screen.getByRole('tabpanel').className).toContain('focus-visible:outline-2');
  });
});
