/** The themes feature: an account's themes, custom CSS checked and scoped, a form's look resolved. */
export { createThemesRouter } from './themes-router.js';
export { createThemesService, type ThemesService } from './themes-service.js';
