// Content for the /blog page: four short articles for working web developers.
// Plain data (no JSX) so the page component decides how to render it.

export interface BlogSection {
  heading?: string;
  paragraphs: string[];
  code?: string;
}

export interface BlogArticle {
  slug: string;
  question: string;
  summary: string;
  sections: BlogSection[];
}

export const BLOG_TITLE = 'Some Important Questions You Should Know About !!';

export const BLOG_ARTICLES: BlogArticle[] = [
  {
    slug: 'react-state-management',
    question: 'What are the different ways to manage state in a React application?',
    summary:
      'Most state trouble in React comes from treating every piece of data the same way. Sort it into local, global, server and URL state, and each kind has an obvious home.',
    sections: [
      {
        paragraphs: [
          'A more useful question than "which state library should we use?" is "what kind of state is this?" Four kinds cover almost everything in a React app: local UI state, global client state, server state and URL state. Each has a different owner, lifetime and best tool.',
        ],
      },
      {
        heading: 'Local state: useState and useReducer',
        paragraphs: [
          'Local state belongs to one component and perhaps its children: whether a modal is open, the text in an input, the active tab. Keep it in useState, as close as possible to where it is used. When several values change together or the next state depends on what happened (a multi-step form, a cart with add, remove and clear), useReducer puts every transition in one pure function that is easy to read and test. Lift state to the nearest common parent only when siblings genuinely need it.',
        ],
        code: `const [isOpen, setIsOpen] = useState(false);
const [cart, dispatch] = useReducer(cartReducer, []);
dispatch({ type: 'add', bookId });`,
      },
      {
        heading: 'Global client state: context or a small store',
        paragraphs: [
          'Some client-only state is needed all over the tree: the signed-in user, the theme, the language, a cart badge in the header. Threading it through five layers of props is tedious, so put values that change rarely in React Context. Every consumer of a context re-renders when its value changes, though, so for state that updates often, use a small store such as Zustand (or Redux Toolkit in larger teams), where each component subscribes only to the slice it reads.',
        ],
        code: `const useCart = create((set) => ({
  items: [],
  add: (book) => set((s) => ({ items: [...s.items, book] })),
}));
const count = useCart((s) => s.items.length);`,
      },
      {
        heading: 'Server state: TanStack Query',
        paragraphs: [
          'Data that lives on a server, such as the book list, an order or a wish list, is not really yours: it goes stale, other users change it, and fetching it brings loading and error states. Copying it into useState or a global store means re-implementing caching, deduplication, retries and refetching by hand. A server-state library like TanStack Query (or SWR, or RTK Query) does that for you: you describe a query by key, and it caches the result, shares it between components, refetches when the window regains focus and lets you invalidate it after a mutation.',
        ],
        code: `const { data, isPending, error } = useQuery({
  queryKey: ['books', categoryId],
  queryFn: () => fetchBooks(categoryId),
});`,
      },
      {
        heading: 'URL state: search params',
        paragraphs: [
          'Anything a user would expect to bookmark, share or restore with the Back button belongs in the URL: the page number, search text, filters, sort order. In React Router, useSearchParams reads and writes it; in Next.js, read it with useSearchParams and change it with router.push. The URL becomes the single source of truth, and a refresh keeps the user exactly where they were.',
        ],
        code: `const [params, setParams] = useSearchParams();
const page = Number(params.get('page') ?? '1');
setParams({ page: String(page + 1) });`,
      },
      {
        heading: 'A rule of thumb',
        paragraphs: [
          'Start local. Move state up, or into context, only when sharing actually hurts. Never hand-roll a cache for server data. Put shareable view state in the URL. And compute derived values, like a filtered list or a cart total, during render instead of storing them, so they can never drift out of sync with their source.',
        ],
      },
    ],
  },
  {
    slug: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    summary:
      'In JavaScript, objects inherit directly from other objects through a chain of prototype links. The class keyword is a friendlier syntax over that same mechanism.',
    sections: [
      {
        paragraphs: [
          'In class-based languages, classes inherit from classes. In JavaScript, objects inherit from objects. Every object has a hidden link, written [[Prototype]] in the specification, to another object or to null. You can read it with Object.getPrototypeOf(obj); the old __proto__ accessor does the same but is best left out of new code.',
        ],
      },
      {
        heading: 'Property lookup and the prototype chain',
        paragraphs: [
          "When you read obj.x, the engine first looks for an own property x on obj. If there is none, it follows the [[Prototype]] link and looks there, then on that object's prototype, and so on, until it finds the property or reaches null, in which case the result is undefined. This sequence of links is the prototype chain. It is how every array finds map on Array.prototype, which itself inherits from Object.prototype. Inside an inherited method, this is the object the method was called on, not the prototype where it was found.",
        ],
        code: `const animal = {
  eats: true,
  describe() { return \`\${this.name} eats: \${this.eats}\`; },
};
const rabbit = Object.create(animal);
rabbit.name = 'Rabbit';
rabbit.describe();                        // 'Rabbit eats: true'
Object.getPrototypeOf(rabbit) === animal; // true`,
      },
      {
        heading: 'Object.create, shadowing and own properties',
        paragraphs: [
          'Object.create(proto) makes a new, empty object whose prototype is proto; it is the most direct way to set up inheritance. Object.create(null) gives a truly bare object with no inherited keys such as toString, which is handy for dictionaries.',
          'Reading walks the chain, but writing does not. rabbit.eats = false creates an own property on rabbit that shadows animal.eats, and animal is untouched. (The exceptions are an inherited setter, which gets called, and an inherited read-only property, which blocks the write.) To tell own properties from inherited ones use Object.hasOwn(obj, key), or the older obj.hasOwnProperty(key). The in operator checks the whole chain, and for...in also visits inherited enumerable properties.',
        ],
        code: `rabbit.eats = false;                // own property, shadows animal.eats
animal.eats;                        // true
Object.hasOwn(rabbit, 'eats');      // true
Object.hasOwn(rabbit, 'describe');  // false
'describe' in rabbit;               // true, found on the chain`,
      },
      {
        heading: 'Constructor functions',
        paragraphs: [
          'Before ES2015, classes were written as constructor functions. Every ordinary function has a prototype property, and new F() creates an object whose [[Prototype]] is F.prototype, runs F with this bound to it and returns it. Methods go on F.prototype so that all instances share a single copy. Inheriting from another constructor took two steps: chain the prototypes with Object.create and call the parent constructor.',
        ],
        code: `function Book(title) { this.title = title; }
Book.prototype.label = function () { return this.title; };

function UsedBook(title, price) {
  Book.call(this, title);
  this.price = price;
}
UsedBook.prototype = Object.create(Book.prototype);
UsedBook.prototype.constructor = UsedBook;`,
      },
      {
        heading: 'Classes are syntax over prototypes',
        paragraphs: [
          "class UsedBook extends Book builds the same structure: methods land on UsedBook.prototype, whose prototype is Book.prototype, and UsedBook itself inherits from Book, so static methods are inherited too. Classes add real conveniences, such as super, private #fields and a constructor that throws if called without new, but typeof UsedBook is still 'function' and instances still find their methods through the prototype chain.",
          'In practice: keep chains short, never patch built-in prototypes such as Array.prototype in application code, and prefer composition when "is a" does not really hold.',
        ],
      },
    ],
  },
  {
    slug: 'unit-testing',
    question: 'What is a unit test? Why should we write unit tests?',
    summary:
      'A unit test checks one small piece of behaviour in isolation, quickly and automatically. A good suite lets you change code with confidence.',
    sections: [
      {
        heading: 'What a unit test is',
        paragraphs: [
          'A unit test is a small automated check of one unit of behaviour, usually a function, a class or a component, run in isolation from databases, networks, clocks and other slow or unpredictable collaborators. It calls the code with known inputs and asserts on the output or on an observable effect. Because each test is tiny, a suite of hundreds finishes in seconds, so you can run it on every save and in CI on every push.',
        ],
        code: `import { describe, it, expect } from 'vitest';
import { discountPrice } from './pricing';

describe('discountPrice', () => {
  it('applies a percentage discount and rounds to whole taka', () => {
    expect(discountPrice(450, 0.25)).toBe(338);
  });

  it('rejects a discount above 100%', () => {
    expect(() => discountPrice(450, 1.5)).toThrow(RangeError);
  });
});`,
      },
      {
        heading: 'What a good one looks like',
        paragraphs: [
          'Most good tests follow Arrange, Act, Assert: set up the inputs, call the code once, check the result. Name tests after behaviour, such as "rejects a discount above 100%", so a failure reads like a bug report. When the unit depends on something external, pass in a fake or a stub (dependency injection makes this easy) rather than patching globals. A test should fail for exactly one reason and pass every time it is run.',
        ],
      },
      {
        heading: 'Why write them',
        paragraphs: [
          'They catch regressions early. A bug found by a test a minute after you wrote it costs far less than one found by a customer in production.',
          'They make refactoring safe. With behaviour pinned down, you can restructure code and know within seconds whether anything changed.',
          'They document intent. Tests are examples that cannot silently go out of date: a new teammate can read them to learn what a function is supposed to do, including the edge cases.',
          'They improve design. Code that is hard to test is usually too tightly coupled; writing the test first, or soon after, pushes you towards small functions with clear inputs and outputs.',
          'They speed up debugging. A failing unit test points at a few lines of code instead of a whole user flow.',
        ],
      },
      {
        heading: 'Know their limits',
        paragraphs: [
          'Unit tests do not prove that the pieces work together, so pair them with fewer, broader integration tests and a handful of end-to-end tests for the critical journeys such as sign-in and checkout. Aim for meaningful coverage of logic and edge cases rather than a coverage percentage, test behaviour rather than implementation details, and keep tests fast and deterministic. A flaky test is worse than none, because it teaches the team to ignore a red build.',
        ],
      },
    ],
  },
  {
    slug: 'react-vs-angular-vs-vue',
    question: 'React vs. Angular vs. Vue',
    summary:
      'Three mature ways to build the same kinds of apps: a flexible UI library, a batteries-included framework, and a progressive framework in between.',
    sections: [
      {
        paragraphs: [
          'All three build component-based single-page applications, are fast enough for almost any product and have large, healthy communities. The real differences are in philosophy: how much each one decides for you, how it describes UI and how it tracks changes.',
        ],
      },
      {
        heading: 'React',
        paragraphs: [
          'React, open-sourced by Facebook (now Meta) in 2013, is a UI library. Components are JavaScript functions that return JSX, and the UI is re-rendered from state managed with hooks such as useState and useEffect. It deliberately leaves routing, data fetching, forms and styling to the ecosystem, so you choose a router, TanStack Query and so on, or adopt a meta-framework such as Next.js that makes those choices for you. Strengths: the largest ecosystem and job market, React Native for mobile, and the flexibility of "it\'s just JavaScript". Weaknesses: decision fatigue, and easy performance pitfalls from needless re-renders and misused effects.',
        ],
      },
      {
        heading: 'Angular',
        paragraphs: [
          'Angular, from Google, was released in 2016 as a complete rewrite of AngularJS. It is a full framework written in TypeScript that ships with a router, template-driven and reactive forms, an HTTP client, dependency injection, testing utilities and a CLI that generates code in one consistent structure. Recent versions added standalone components, signals for fine-grained reactivity and built-in control flow in templates, which make it noticeably lighter than it used to be. Strengths: strong conventions that keep large teams and long-lived enterprise apps consistent. Weaknesses: the steepest learning curve (RxJS, dependency injection, decorators) and more ceremony than a small project needs.',
        ],
      },
      {
        heading: 'Vue',
        paragraphs: [
          'Vue, created by Evan You in 2014, sits between the two. It uses HTML-based templates with directives such as v-if and v-for, and single-file components that keep template, script and scoped styles together. Its reactivity system tracks dependencies automatically, so only what depends on changed data updates. Vue Router, the Pinia store and the Nuxt meta-framework form a coherent, officially maintained stack. The Composition API feels close to React hooks, without their rules about call order. Strengths: a gentle learning curve and excellent documentation. Weaknesses: a smaller ecosystem and job market than React.',
        ],
      },
      {
        heading: 'At a glance',
        paragraphs: [
          'The table sums up the main differences.',
        ],
        code: `              React              Angular                 Vue
Kind          UI library         Full framework          Progressive framework
Templates     JSX                HTML + Angular syntax   HTML + directives (SFC)
Reactivity    Re-render + hooks  Signals, zone.js        Reactive proxies
Language      JS or TS           TypeScript              JS or TS
Learning      Moderate           Steep                   Gentle`,
      },
      {
        heading: 'Which one should you choose?',
        paragraphs: [
          "Choose React when you want the biggest ecosystem and hiring pool, or expect to share knowledge with React Native. Choose Angular for large teams that value convention, strong typing and an all-in-one toolset. Choose Vue when you want an approachable framework with official answers for routing and state. For a typical web app any of the three will do the job well; your team's experience matters far more than benchmark differences.",
        ],
      },
    ],
  },
];
