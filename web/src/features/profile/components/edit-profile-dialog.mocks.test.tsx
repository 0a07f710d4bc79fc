import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { linkMessage } from '@civitas/events/profiles/profile.contract';
import { jsonResponse, mockFetch, requestsTo } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { EditProfileDialog } from './edit-profile-dialog';

// jsdom has no canvas: the browser's scaling is replaced by a stand-in that records what it got.
const scaled = vi.hoisted(() => ({ inputs: [] as Blob[] }));
vi.mock('./scale-profile-image', () => ({
  scaleProfileImage: async (file: Blob) => {
    scaled.inputs.push(file);
    return new Blob(['scaled-jpeg'], { type: 'image/jpeg' });
  },
}));

const saved = {
  firstName: 'Amina',
  lastName: 'Haddad',
  aboutMe: null,
  city: 'Riyadh',
  websiteUrl: null,
  twitterUrl: null,
  linkedinUrl: null,
  githubUrl: null,
  profileImageUrl: null as string | null,
  email: 'amina@example.org',
};
const POSITION = '0000000000000002-0000000000000001';
const NEW_IMAGE = `/api/images/${'a'.repeat(64)}.jpg`;

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const imageInput = () => screen.getByTestId('profile-image-input') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(imageInput(), { target: { files: [file] } });

function open(profile = saved) {
  const onClose = vi.fn();
  renderWithQueries(<EditProfileDialog open profile={profile} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Edit Profile' }) };
}

describe('Edit Profile dialog', () => {
  beforeEach(() => {
    scaled.inputs.length = 0;
  });

  it('saves every field with PUT /api/user/profile, says Profile updated and closes', async () => {
    const fetchMock = mockFetch(({ url, init }) =>
      url === '/api/user/profile' && init?.method === 'PUT' ? jsonResponse({ position: POSITION, profile: { ...saved, aboutMe: 'I teach.' } }) : undefined,
    );
    const { onClose, dialog } = open();
    expect((field('First name') as HTMLInputElement).value).toBe('Amina');
    type('About me', 'I teach.');
    type('City', '');
    type('GitHub', 'https://github.com/amina');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = requestsTo(fetchMock, 'PUT', '/api/user/profile');
    expect(sentBody(put?.[1])).toEqual({
      firstName: 'Amina',
      lastName: 'Haddad',
      aboutMe: 'I teach.',
      city: '',
      websiteUrl: '',
      twitterUrl: '',
      linkedinUrl: '',
      githubUrl: 'https://github.com/amina',
      profileImageUrl: '',
    });
    expect(lastToast()).toMatchObject({ title: 'Profile updated' });
  });

  it('refuses a javascript: link and a blank name before sending anything', () => {
    const fetchMock = mockFetch();
    const { dialog } = open();
    type('Website', 'javascript:alert(document.cookie)');
    type('First name', '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText(linkMessage('Website'))).toBeTruthy();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Failed to update profile with the server\u2019s reason, and stays open', async () => {
    mockFetch(({ url }) =>
      url === '/api/user/profile' ? jsonResponse({ message: 'City contains characters that are not allowed' }, { status: 400 }) : undefined,
    );
    const { onClose, dialog } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to update profile. Please try again.',
        description: 'City contains characters that are not allowed',
        variant: 'destructive',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('says the picture may be 2MB, and refuses a larger file before scaling or sending it', () => {
    const fetchMock = mockFetch();
    const { dialog } = open();
    expect(within(dialog).getByText(/Max 2MB/)).toBeTruthy();
    choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(lastToast()).toMatchObject({ title: 'File Too Large', description: 'Please select an image smaller than 2MB.', variant: 'destructive' });
    expect(scaled.inputs).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the scaled picture as multipart profileImage, shows it, and saves it with the profile', async () => {
    const fetchMock = mockFetch(
      ({ url }) => (url === '/api/user/profile-image' ? jsonResponse({ position: POSITION, profileImageUrl: NEW_IMAGE }) : undefined),
      ({ url }) => (url === '/api/user/profile' ? jsonResponse({ position: POSITION, profile: { ...saved, profileImageUrl: NEW_IMAGE } }) : undefined),
    );
    const { onClose, dialog } = open();
    const photo = new File(['raw-png'], 'me.png', { type: 'image/png' });
    choose(photo);
    await waitFor(() => expect(dialog.querySelector('img')?.getAttribute('src')).toBe(NEW_IMAGE));
    expect(scaled.inputs).toEqual([photo]);
    const [post] = requestsTo(fetchMock, 'POST', '/api/user/profile-image');
    const form = post?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(await (form.get('profileImage') as Blob).text()).toBe('scaled-jpeg');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(requestsTo(fetchMock, 'PUT', '/api/user/profile')[0]?.[1])).toMatchObject({ profileImageUrl: NEW_IMAGE });
  });

  it('says File Too Large when the server refuses the size, and Failed to upload profile image otherwise', async () => {
    let answer = jsonResponse({ message: 'Please select an image smaller than 2MB.' }, { status: 413 });
    mockFetch(({ url }) => (url === '/api/user/profile-image' ? answer : undefined));
    open();
    choose(new File(['x'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'File Too Large', description: 'Please select an image smaller than 2MB.' }));
    answer = jsonResponse({ message: 'Please choose a JPEG, PNG, GIF or WebP image.' }, { status: 400 });
    choose(new File(['x'], 'me.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Failed to upload profile image', description: 'Please choose a JPEG, PNG, GIF or WebP image.' }),
    );
  });

  it('refuses a file that is no image by its type, and removes the picture when asked', async () => {
    const fetchMock = mockFetch(({ url }) => (url === '/api/user/profile' ? jsonResponse({ position: POSITION, profile: saved }) : undefined));
    const { onClose, dialog } = open({ ...saved, profileImageUrl: NEW_IMAGE });
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(lastToast()).toMatchObject({ title: 'Failed to upload profile image', description: 'Please choose a JPEG, PNG, GIF or WebP image.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    expect(dialog.querySelector('img')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(requestsTo(fetchMock, 'PUT', '/api/user/profile')[0]?.[1])).toMatchObject({ profileImageUrl: '' });
  });
});
