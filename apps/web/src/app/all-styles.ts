/**
 * All of Mantine's styles (layered, see ./first-styles.ts), loaded with the code of every page but
 * the sign-in page: the signed-in frame (routes/signed-in/layout.tsx) and the other signed-out pages.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
