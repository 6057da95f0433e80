// The console's navigation lives with the console pages; the account pages show the same one.
export { ConsoleNav } from '../console/ConsoleNav.tsx';
