import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageViewer } from './ImageViewer.tsx';

// A portrait page stored sideways: the extractor turned it a quarter turn clockwise to read it upright.
const upright = { width: 1700, height: 2200 };
const pageSizes = [{ width: 1700, height: 2200 }, { ...upright, turn: 90 }];

describe('full-size image viewer', () => {
  it('shows a page the extractor read turned upright, and leaves upright pages as stored', async () => {
    render(<ImageViewer title="bol.pdf" urls={['/scans/p1.png', '/scans/p2.png']} start={0} pageSizes={pageSizes} onClose={() => {}} />);

    const first = await screen.findByRole('img', { name: 'bol.pdf page 1' });
    expect(first.style.transform).toBe('');
    expect(first.getAttribute('data-turn')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const second = await screen.findByRole('img', { name: 'bol.pdf page 2' });
    expect(second.style.transform).toBe('rotate(90deg)');
    expect(second.getAttribute('data-turn')).toBe('90');
    // The stored (landscape) image is laid out with the upright page's height as its width before it is turned,
    // so once turned it fills the upright-shaped frame exactly.
    expect(parseFloat(second.style.width)).toBeCloseTo((upright.height / upright.width) * 100, 3);
    expect(parseFloat(second.style.height)).toBeCloseTo((upright.width / upright.height) * 100, 3);
    expect(parseFloat(second.style.left)).toBeCloseTo(((upright.width - upright.height) / 2 / upright.width) * 100, 3);
  });

  it('shows pages as stored when the page sizes are not known (a job still being read)', async () => {
    render(<ImageViewer title="bol.pdf" urls={['/scans/p1.png']} start={0} onClose={() => {}} />);
    const img = await screen.findByRole('img', { name: 'bol.pdf page 1' });
    expect(img.style.transform).toBe('');
  });
});
