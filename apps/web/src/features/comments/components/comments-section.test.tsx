import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMENT_MSG, VISITOR_ID_STORAGE_KEY } from '@clinic/shared';
import { mockFetch, renderWithProviders, storeSession } from '@/testing/render-app';
import { fakeCommentsServer, makeComment } from '../testing/fake-comments-server';
import { CommentsSection } from './comments-section';

function renderSection() {
  return renderWithProviders(<CommentsSection postId={3} />);
}

function commentByAuthor(name: string) {
  return screen.findByRole('article', { name });
}

describe('CommentsSection: the comment form', () => {
  it('asks for the name and the text with the specification’s messages, without calling the server', async () => {
    const server = fakeCommentsServer();
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByText('Vui lòng nhập tên của bạn')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập nội dung bình luận')).toBeInTheDocument();
    expect(screen.getByLabelText('Tên của bạn')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(/\/comments\/blog\/3$/, 'POST')).toHaveLength(0);
  });

  it('takes a name of 100 characters and a comment of 1000, and refuses one more of either', async () => {
    const server = fakeCommentsServer();
    const { user } = renderSection();
    const name = await screen.findByLabelText('Tên của bạn');
    const content = screen.getByLabelText('Nội dung bình luận');

    await user.click(name);
    await user.paste('a'.repeat(101));
    await user.click(content);
    await user.paste('b'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByText('Tên không được vượt quá 100 ký tự')).toBeInTheDocument();
    expect(screen.getByText('Bình luận không được vượt quá 1000 ký tự')).toBeInTheDocument();

    await user.type(name, '{Backspace}');
    await user.type(content, '{Backspace}');
    expect(screen.getByText('1000/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    await waitFor(() => expect(server.callsTo(/\/comments\/blog\/3$/, 'POST')).toHaveLength(1));
    const [, init] = server.callsTo(/\/comments\/blog\/3$/, 'POST')[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({ authorName: 'a'.repeat(100), content: 'b'.repeat(1000) });
    // No token on a public call, even for a signed-in user.
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(screen.queryByText('Tên không được vượt quá 100 ký tự')).not.toBeInTheDocument();
  });

  it('posts a comment, shows it in the list and empties the text box', async () => {
    fakeCommentsServer();
    const { user } = renderSection();
    expect(await screen.findByText(/Chưa có bình luận nào/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tên của bạn'), 'Ngọc Anh');
    await user.type(screen.getByLabelText('Nội dung bình luận'), 'Cảm ơn bác sĩ!');
    await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    const comment = await commentByAuthor('Ngọc Anh');
    expect(within(comment).getByText('Cảm ơn bác sĩ!')).toBeInTheDocument();
    expect(screen.getByLabelText('Nội dung bình luận')).toHaveValue('');
    expect(screen.getByLabelText('Tên của bạn')).toHaveValue('Ngọc Anh');
  });

  it('says a held comment waits for approval', async () => {
    fakeCommentsServer({ createdStatus: 'PENDING' });
    const { user } = renderSection();
    await user.type(await screen.findByLabelText('Tên của bạn'), 'Ngọc Anh');
    await user.type(screen.getByLabelText('Nội dung bình luận'), 'Cảm ơn bác sĩ!');
    await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByText('Bình luận của bạn đang chờ duyệt')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ngọc Anh' })).not.toBeInTheDocument();
  });

  it('keeps what was typed and says so when the comment cannot be added', async () => {
    fakeCommentsServer({ fail: { create: 500 } });
    const { user } = renderSection();
    await user.type(await screen.findByLabelText('Tên của bạn'), 'Ngọc Anh');
    await user.type(screen.getByLabelText('Nội dung bình luận'), 'Cảm ơn bác sĩ!');
    await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByText('Có lỗi xảy ra khi thêm bình luận')).toBeInTheDocument();
    expect(screen.getByLabelText('Nội dung bình luận')).toHaveValue('Cảm ơn bác sĩ!');
  });

  it('refuses a visitor’s name with a doctor’s title before sending, however written', async () => {
    const server = fakeCommentsServer();
    const { user } = renderSection();
    const names = ['Đặng Thanh Hương (Bác sĩ)', 'Hương, BS', 'Doctor Hương', 'B.S. Hương', 'Dược sĩ Lan'];
    for (const authorName of names) {
      const name = await screen.findByLabelText('Tên của bạn');
      await user.clear(name);
      await user.type(name, authorName);
      await user.type(screen.getByLabelText('Nội dung bình luận'), 'Cảm ơn.');
      await user.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
      expect(await screen.findByText(COMMENT_MSG.staffNameReserved)).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Nội dung bình luận'));
    }
    expect(names).toHaveLength(5);
    expect(server.callsTo(/\/comments\/blog\/3$/, 'POST')).toHaveLength(0);
  });

  it('fills in and locks the name of a signed-in user', async () => {
    storeSession({ id: 4, username: 'patient', email: 'mai@example.com', fullName: 'Nguyễn Thị Mai', role: 'PATIENT' });
    fakeCommentsServer();
    renderSection();
    const name = await screen.findByLabelText('Tên của bạn');
    expect(name).toHaveValue('Nguyễn Thị Mai');
    expect(name).toHaveAttribute('readonly');
  });
});

describe('CommentsSection: the list', () => {
  it('shows markup typed into a comment as text, never as HTML', async () => {
    fakeCommentsServer({
      comments: [
        makeComment({ authorName: '<b>Khách</b>', content: '<script>alert(1)</script><img src=x onerror=alert(2)>' }),
      ],
    });
    const { container } = renderSection();
    const comment = await commentByAuthor('<b>Khách</b>');
    expect(within(comment).getByText('<script>alert(1)</script><img src=x onerror=alert(2)>')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('marks a comment of the clinic’s doctors and staff from the author’s role, not from the name', async () => {
    fakeCommentsServer({
      comments: [
        makeComment({ id: 1, authorName: 'Nguyễn Thị Lan' }),
        makeComment({ id: 2, authorName: 'Đặng Thanh Hương', authorRole: 'DOCTOR' }),
        makeComment({ id: 3, authorName: 'Lê Văn Khoa', authorRole: 'STAFF' }),
      ],
    });
    renderSection();
    expect(within(await commentByAuthor('Đặng Thanh Hương')).getByText('Bác sĩ của phòng khám')).toBeInTheDocument();
    expect(within(await commentByAuthor('Lê Văn Khoa')).getByText('Nhân viên phòng khám')).toBeInTheDocument();
    const visitor = await commentByAuthor('Nguyễn Thị Lan');
    expect(within(visitor).queryByText(/phòng khám$/)).not.toBeInTheDocument();
  });

  it('nests replies under their comment and counts every comment', async () => {
    const reply = makeComment({ id: 2, parentId: 1, authorName: 'BS. Lê Thị Hồng Nhung', content: 'Chào bạn.' });
    fakeCommentsServer({ comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan', replies: [reply] })] });
    renderSection();
    const replies = await screen.findByRole('list', { name: 'Trả lời bình luận của Nguyễn Thị Lan' });
    expect(within(replies).getByRole('article', { name: 'BS. Lê Thị Hồng Nhung' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Bình luận \(2\)/ })).toBeInTheDocument();
  });

  it('offers a retry when the comments cannot be loaded', async () => {
    const server = fakeCommentsServer({ comments: [makeComment({ authorName: 'Thu Hương' })], fail: { list: 500 } });
    const { user } = renderSection();
    expect(await screen.findByText('Có lỗi xảy ra khi tải bình luận')).toBeInTheDocument();
    delete server.fail.list;
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await commentByAuthor('Thu Hương')).toBeInTheDocument();
  });

  it('says the comments are unavailable when the server answers without them', async () => {
    mockFetch(() => ({ body: { success: false } }));
    renderSection();
    expect(await screen.findByText('Không thể tải bình luận')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});

describe('CommentsSection: replies', () => {
  it('needs both the name and the text of a reply', async () => {
    const server = fakeCommentsServer({ comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan' })] });
    const { user } = renderSection();
    const comment = await commentByAuthor('Nguyễn Thị Lan');
    await user.click(within(comment).getByRole('button', { name: 'Trả lời' }));
    const form = screen.getByRole('form', { name: 'Trả lời Nguyễn Thị Lan' });

    await user.click(within(form).getByRole('button', { name: 'Gửi trả lời' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Vui lòng nhập đầy đủ thông tin');
    expect(within(form).getAllByText('Vui lòng nhập đầy đủ thông tin')).toHaveLength(1);

    await user.type(within(form).getByLabelText('Tên của bạn'), 'Lan');
    await user.click(within(form).getByRole('button', { name: 'Gửi trả lời' }));
    expect(await within(form).findByText('Vui lòng nhập đầy đủ thông tin')).toBeInTheDocument();
    expect(server.callsTo(/\/reply$/, 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Nội dung trả lời'), 'Dạ em cảm ơn ạ.');
    await user.click(within(form).getByRole('button', { name: 'Gửi trả lời' }));
    const replies = await screen.findByRole('list', { name: 'Trả lời bình luận của Nguyễn Thị Lan' });
    expect(within(replies).getByText('Dạ em cảm ơn ạ.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Trả lời Nguyễn Thị Lan' })).not.toBeInTheDocument();
  });

  it('applies the comment maxima to a reply', async () => {
    fakeCommentsServer({ comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan' })] });
    const { user } = renderSection();
    await user.click(within(await commentByAuthor('Nguyễn Thị Lan')).getByRole('button', { name: 'Trả lời' }));
    const form = screen.getByRole('form', { name: 'Trả lời Nguyễn Thị Lan' });
    await user.click(within(form).getByLabelText('Tên của bạn'));
    await user.paste('a'.repeat(101));
    await user.click(within(form).getByLabelText('Nội dung trả lời'));
    await user.paste('b'.repeat(1001));
    await user.click(within(form).getByRole('button', { name: 'Gửi trả lời' }));
    expect(await within(form).findByText('Tên không được vượt quá 100 ký tự')).toBeInTheDocument();
    expect(within(form).getByText('Bình luận không được vượt quá 1000 ký tự')).toBeInTheDocument();
  });

  it('tells the visitor when the reply cannot be made', async () => {
    fakeCommentsServer({ comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan' })], fail: { reply: 500 } });
    const { user } = renderSection();
    await user.click(within(await commentByAuthor('Nguyễn Thị Lan')).getByRole('button', { name: 'Trả lời' }));
    const form = screen.getByRole('form', { name: 'Trả lời Nguyễn Thị Lan' });
    await user.type(within(form).getByLabelText('Tên của bạn'), 'Lan');
    await user.type(within(form).getByLabelText('Nội dung trả lời'), 'Dạ.');
    await user.click(within(form).getByRole('button', { name: 'Gửi trả lời' }));
    expect(await screen.findByText(COMMENT_MSG.replyFailed)).toBeInTheDocument();
  });
});

describe('CommentsSection: reactions', () => {
  it('likes, unlikes on the same choice again, and moves to dislike, with the counts', async () => {
    const server = fakeCommentsServer({
      comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan', likeCount: 2, dislikeCount: 1 })],
    });
    const { user } = renderSection();
    const comment = await commentByAuthor('Nguyễn Thị Lan');
    const like = () => within(comment).getByRole('button', { name: /^Thích/ });
    const dislike = () => within(comment).getByRole('button', { name: /^Không thích/ });
    expect(like()).toHaveAccessibleName('Thích 2');
    expect(like()).toHaveAttribute('aria-pressed', 'false');

    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(like()).toHaveAccessibleName('Thích 3');
    await waitFor(() => expect(server.callsTo(/\/react$/, 'POST')).toHaveLength(1));
    await waitFor(() => expect(like()).not.toHaveAttribute('aria-disabled'));

    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(like()).toHaveAccessibleName('Thích 2');
    await waitFor(() => expect(like()).not.toHaveAttribute('aria-disabled'));

    await user.click(like());
    await waitFor(() => expect(like()).not.toHaveAttribute('aria-disabled'));
    await user.click(dislike());
    expect(dislike()).toHaveAttribute('aria-pressed', 'true');
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(like()).toHaveAccessibleName('Thích 2');
    expect(dislike()).toHaveAccessibleName('Không thích 2');
    await waitFor(() => expect(server.callsTo(/\/react$/, 'POST')).toHaveLength(4));
    expect(server.reactions[1]).toBe('DISLIKE');

    // Every call names the visitor by the id kept in this browser.
    const visitorId = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    expect(visitorId).toMatch(/^[a-f0-9]{32}$/);
    for (const [, init] of server.callsTo(/\/react$/, 'POST')) {
      expect((init!.headers as Record<string, string>)['x-visitor-id']).toBe(visitorId);
    }
    expect(server.callsTo(/\/my-reaction$/)).toHaveLength(0);
  });

  it('shows the reactions the list says are the visitor’s own as pressed, without a call per comment', async () => {
    const reply = makeComment({ id: 2, parentId: 1, authorName: 'BS. Lê Thị Hồng Nhung', likeCount: 1 });
    const server = fakeCommentsServer({
      comments: [
        makeComment({ id: 1, authorName: 'Nguyễn Thị Lan', dislikeCount: 1, replies: [reply] }),
        makeComment({ id: 3, authorName: 'Thu Hương' }),
      ],
      reactions: { 1: 'DISLIKE', 2: 'LIKE' },
    });
    renderSection();
    const comment = await commentByAuthor('Nguyễn Thị Lan');
    const answer = await commentByAuthor('BS. Lê Thị Hồng Nhung');
    const other = await commentByAuthor('Thu Hương');
    expect(within(comment).getByRole('button', { name: /^Không thích/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(comment).getByRole('button', { name: /^Thích/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(answer).getByRole('button', { name: /^Thích/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(other).getByRole('button', { name: /^Thích/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(other).getByRole('button', { name: /^Không thích/ })).toHaveAttribute('aria-pressed', 'false');

    // The one list call names the visitor; no my-reaction call is made for any comment.
    const [, init] = server.callsTo(/\/comments\/blog\/3\?/)[0]!;
    expect((init!.headers as Record<string, string>)['x-visitor-id']).toBe(
      localStorage.getItem(VISITOR_ID_STORAGE_KEY),
    );
    expect(server.callsTo(/\/my-reaction$/)).toHaveLength(0);
  });

  it('takes back a reaction the list says is the visitor’s own, and moves it', async () => {
    const server = fakeCommentsServer({
      comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan', likeCount: 3 })],
      reactions: { 1: 'LIKE' },
    });
    const { user } = renderSection();
    const comment = await commentByAuthor('Nguyễn Thị Lan');
    const like = () => within(comment).getByRole('button', { name: /^Thích/ });
    const dislike = () => within(comment).getByRole('button', { name: /^Không thích/ });
    expect(like()).toHaveAttribute('aria-pressed', 'true');

    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(like()).toHaveAccessibleName('Thích 2');
    await waitFor(() => expect(server.reactions[1]).toBeNull());
    await waitFor(() => expect(like()).not.toHaveAttribute('aria-disabled'));

    await user.click(dislike());
    expect(dislike()).toHaveAttribute('aria-pressed', 'true');
    expect(dislike()).toHaveAccessibleName('Không thích 1');
    await waitFor(() => expect(server.reactions[1]).toBe('DISLIKE'));
    expect(server.callsTo(/\/my-reaction$/)).toHaveLength(0);
  });

  it('puts the reaction and counts back and says so when the server refuses', async () => {
    fakeCommentsServer({
      comments: [makeComment({ id: 1, authorName: 'Nguyễn Thị Lan', likeCount: 5 })],
      fail: { react: 500 },
    });
    const { user } = renderSection();
    const comment = await commentByAuthor('Nguyễn Thị Lan');
    const like = () => within(comment).getByRole('button', { name: /^Thích/ });
    await user.click(like());
    expect(await screen.findByText(COMMENT_MSG.reactFailed)).toBeInTheDocument();
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    expect(like()).toHaveAccessibleName('Thích 5');
  });
});

describe('CommentsSection: deleting', () => {
  it('is not offered to visitors, patients or doctors', async () => {
    fakeCommentsServer({ comments: [makeComment({ authorName: 'Thu Hương' })] });
    renderSection();
    await commentByAuthor('Thu Hương');
    expect(screen.queryByRole('button', { name: /^Xóa/ })).not.toBeInTheDocument();
  });

  it.each(['ADMIN', 'STAFF'] as const)('lets %s delete a comment after confirming', async (role) => {
    storeSession({ id: 1, username: 'x', email: 'x@example.com', fullName: 'Quản lý', role });
    const server = fakeCommentsServer({ comments: [makeComment({ id: 9, authorName: 'Thu Hương' })] });
    const { user } = renderSection();
    const comment = await commentByAuthor('Thu Hương');
    await user.click(within(comment).getByRole('button', { name: /^Xóa/ }));
    const dialog = screen.getByRole('dialog', { name: 'Xóa bình luận?' });
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Thu Hương' })).not.toBeInTheDocument());
    const [, init] = server.callsTo(/\/comments\/admin\/9$/, 'DELETE')[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
  });

  it('says so when the comment cannot be deleted', async () => {
    storeSession({ id: 1, username: 'staff', email: 'staff@example.com', fullName: 'Lê Thị Thu Hà', role: 'STAFF' });
    fakeCommentsServer({ comments: [makeComment({ id: 9, authorName: 'Thu Hương' })], fail: { delete: 500 } });
    const { user } = renderSection();
    await user.click(within(await commentByAuthor('Thu Hương')).getByRole('button', { name: /^Xóa/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText(COMMENT_MSG.deleteFailed)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Thu Hương' })).toBeInTheDocument();
  });
});
