/** CSS Modules (`*.module.css`): class names exported camelCased by the shared webpack config. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Global stylesheets (reset, tokens, fonts) are imported for their side effect only. */
declare module '*.css';
