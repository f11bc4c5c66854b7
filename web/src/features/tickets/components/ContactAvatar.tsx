/** The avatar is shared with the contacts screen; it lives in src/components. */
export { ContactAvatar } from '../../../components/ContactAvatar.tsx';
