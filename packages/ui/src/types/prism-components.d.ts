// prismjs's language components and its core build have no types of their own: they register on the global Prism.
declare module 'prismjs/components/prism-*';
