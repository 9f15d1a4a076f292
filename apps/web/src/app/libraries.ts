// The first step of the app's start (main.tsx, decision 046): importing this module evaluates
// react-router (with React), the largest library of a page's first load, in a task of its own.
// A named re-export rather than `import('react-router')`: a namespace import would keep the whole
// library in the bundle, where the app's static imports let the bundler drop what no page uses.
export { createBrowserRouter } from 'react-router';
