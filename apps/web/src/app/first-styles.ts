/**
 * The Mantine styles the first paint needs: the base, the CSS variables and the components of the
 * sign-in and sign-up forms, the loaders and the toasts, in the order of Mantine's full stylesheet.
 * They are render-blocking, so they are kept to what the sign-in page shows (about a sixth of the
 * full sheet); every other page's code loads all of Mantine's styles (./all-styles.ts) first.
 * All are the `.layer.css` files (`@layer mantine`): the app's own CSS always wins over Mantine's
 * whatever order the sheets arrive in, and the full sheet repeating these rules changes nothing.
 * A component added to the sign-in page needs its file here (@mantine/core/styles/<Name>.layer.css).
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
// The phone rules come after Mantine's (decision 0040).
import './phone.css';
