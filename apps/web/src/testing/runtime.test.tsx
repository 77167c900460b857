import { render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

const previousVnodeHook = options.vnode;
afterEach(() => {
  options.vnode = previousVnodeHook;
});

describe('the component tests', () => {
  // What they check holds for the site only if they run on its runtime: the React code on Preact.
  it('render through Preact, the runtime the built site ships', () => {
    const drawn: string[] = [];
    options.vnode = (vnode: VNode) => {
      if (typeof vnode.type === 'function') drawn.push(vnode.type.name);
      previousVnodeHook?.(vnode);
    };
    function Greeting() {
      const [name] = useState('Mai');
      return <p>Xin chào {name}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('Xin chào Mai')).toBeInTheDocument();
    expect(drawn).toContain('Greeting');
  });
});
