// The English texts of the blog page, fetched with it.
//
// The articles are keyed by id (src/features/blog/articles.ts lists them in order, with their sections and code
// samples), each with its question, summary and sections: a section's heading (if any) and its paragraphs, one text
// each. Names from code (useState, Object.create, Next.js, ...) are never translated: they are placeholders, filled
// from CODE_NAMES in articles.ts, so every language writes them exactly as the code does.
export const blog = {
  page: {
    documentTitle: 'Blog',
    eyebrow: 'Blog',
    title: 'Some Important Questions You Should Know About !!',
    lead: 'Short, practical answers to questions that come up again and again in web development interviews and code reviews.',
    tocLabel: 'Questions on this page',
    tocHeading: 'In this post',
    tocNumber: '{{number}}.',
    question: 'Question {{number}}',
    codeExample: 'Code example: {{name}}',
    back: 'Back to the questions',
  },
  articles: {
    stateManagement: {
      question: 'What are the different ways to manage state in a React application?',
      summary:
        'Most state trouble in React comes from treating every piece of data the same way. Sort it into local, global, server and URL state, and each kind has an obvious home.',
      sections: {
        intro: {
          paragraphs: [
            'A more useful question than "which state library should we use?" is "what kind of state is this?" Four kinds cover almost everything in a React app: local UI state, global client state, server state and URL state. Each has a different owner, lifetime and best tool.',
          ],
        },
        local: {
          heading: 'Local state: {{useState}} and {{useReducer}}',
          paragraphs: [
            'Local state belongs to one component and perhaps its children: whether a modal is open, the text in an input, the active tab. Keep it in {{useState}}, as close as possible to where it is used. When several values change together or the next state depends on what happened (a multi-step form, a cart with add, remove and clear), {{useReducer}} puts every transition in one pure function that is easy to read and test. Lift state to the nearest common parent only when siblings genuinely need it.',
          ],
        },
        global: {
          heading: 'Global client state: context or a small store',
          paragraphs: [
            'Some client-only state is needed all over the tree: the signed-in user, the theme, the language, a cart badge in the header. Threading it through five layers of props is tedious, so put values that change rarely in React Context. Every consumer of a context re-renders when its value changes, though, so for state that updates often, use a small store such as {{zustand}} (or {{reduxToolkit}} in larger teams), where each component subscribes only to the slice it reads.',
          ],
        },
        server: {
          heading: 'Server state: {{tanstackQuery}}',
          paragraphs: [
            'Data that lives on a server, such as the book list, an order or a wish list, is not really yours: it goes stale, other users change it, and fetching it brings loading and error states. Copying it into {{useState}} or a global store means re-implementing caching, deduplication, retries and refetching by hand. A server-state library like {{tanstackQuery}} (or {{swr}}, or {{rtkQuery}}) does that for you: you describe a query by key, and it caches the result, shares it between components, refetches when the window regains focus and lets you invalidate it after a mutation.',
          ],
        },
        url: {
          heading: 'URL state: search params',
          paragraphs: [
            'Anything a user would expect to bookmark, share or restore with the Back button belongs in the URL: the page number, search text, filters, sort order. In {{reactRouter}}, {{useSearchParams}} reads and writes it; in {{nextJs}}, read it with {{useSearchParams}} and change it with {{routerPush}}. The URL becomes the single source of truth, and a refresh keeps the user exactly where they were.',
          ],
        },
        rule: {
          heading: 'A rule of thumb',
          paragraphs: [
            'Start local. Move state up, or into context, only when sharing actually hurts. Never hand-roll a cache for server data. Put shareable view state in the URL. And compute derived values, like a filtered list or a cart total, during render instead of storing them, so they can never drift out of sync with their source.',
          ],
        },
      },
    },
    prototypes: {
      question: 'How does prototypical inheritance work?',
      summary:
        'In JavaScript, objects inherit directly from other objects through a chain of prototype links. The {{classKeyword}} keyword is a friendlier syntax over that same mechanism.',
      sections: {
        intro: {
          paragraphs: [
            'In class-based languages, classes inherit from classes. In JavaScript, objects inherit from objects. Every object has a hidden link, written {{prototypeSlot}} in the specification, to another object or to {{nullValue}}. You can read it with {{getPrototypeOf}}; the old {{protoAccessor}} accessor does the same but is best left out of new code.',
          ],
        },
        lookup: {
          heading: 'Property lookup and the prototype chain',
          paragraphs: [
            "When you read {{objX}}, the engine first looks for an own property {{x}} on {{obj}}. If there is none, it follows the {{prototypeSlot}} link and looks there, then on that object's prototype, and so on, until it finds the property or reaches {{nullValue}}, in which case the result is {{undefinedValue}}. This sequence of links is the prototype chain. It is how every array finds {{map}} on {{arrayPrototype}}, which itself inherits from {{objectPrototype}}. Inside an inherited method, {{thisKeyword}} is the object the method was called on, not the prototype where it was found.",
          ],
        },
        create: {
          heading: '{{objectCreate}}, shadowing and own properties',
          paragraphs: [
            '{{objectCreateProto}} makes a new, empty object whose prototype is {{proto}}; it is the most direct way to set up inheritance. {{objectCreateNull}} gives a truly bare object with no inherited keys such as {{toStringMethod}}, which is handy for dictionaries.',
            'Reading walks the chain, but writing does not. {{rabbitEatsFalse}} creates an own property on {{rabbit}} that shadows {{animalEats}}, and {{animal}} is untouched. (The exceptions are an inherited setter, which gets called, and an inherited read-only property, which blocks the write.) To tell own properties from inherited ones use {{hasOwn}}, or the older {{hasOwnPropertyCall}}. The {{inOperator}} operator checks the whole chain, and {{forIn}} also visits inherited enumerable properties.',
          ],
        },
        constructors: {
          heading: 'Constructor functions',
          paragraphs: [
            'Before {{es2015}}, classes were written as constructor functions. Every ordinary function has a {{prototypeProperty}} property, and {{newF}} creates an object whose {{prototypeSlot}} is {{fPrototype}}, runs {{f}} with {{thisKeyword}} bound to it and returns it. Methods go on {{fPrototype}} so that all instances share a single copy. Inheriting from another constructor took two steps: chain the prototypes with {{objectCreate}} and call the parent constructor.',
          ],
        },
        classes: {
          heading: 'Classes are syntax over prototypes',
          paragraphs: [
            '{{classExtends}} builds the same structure: methods land on {{usedBookPrototype}}, whose prototype is {{bookPrototype}}, and {{usedBook}} itself inherits from {{book}}, so static methods are inherited too. Classes add real conveniences, such as {{superKeyword}}, private {{hashFields}} and a constructor that throws if called without {{newKeyword}}, but {{typeofUsedBook}} is still {{functionString}} and instances still find their methods through the prototype chain.',
            'In practice: keep chains short, never patch built-in prototypes such as {{arrayPrototype}} in application code, and prefer composition when "is a" does not really hold.',
          ],
        },
      },
    },
    unitTesting: {
      question: 'What is a unit test? Why should we write unit tests?',
      summary:
        'A unit test checks one small piece of behaviour in isolation, quickly and automatically. A good suite lets you change code with confidence.',
      sections: {
        what: {
          heading: 'What a unit test is',
          paragraphs: [
            'A unit test is a small automated check of one unit of behaviour, usually a function, a class or a component, run in isolation from databases, networks, clocks and other slow or unpredictable collaborators. It calls the code with known inputs and asserts on the output or on an observable effect. Because each test is tiny, a suite of hundreds finishes in seconds, so you can run it on every save and in CI on every push.',
          ],
        },
        good: {
          heading: 'What a good one looks like',
          paragraphs: [
            'Most good tests follow Arrange, Act, Assert: set up the inputs, call the code once, check the result. Name tests after behaviour, such as "rejects a discount above 100%", so a failure reads like a bug report. When the unit depends on something external, pass in a fake or a stub (dependency injection makes this easy) rather than patching globals. A test should fail for exactly one reason and pass every time it is run.',
          ],
        },
        why: {
          heading: 'Why write them',
          paragraphs: [
            'They catch regressions early. A bug found by a test a minute after you wrote it costs far less than one found by a customer in production.',
            'They make refactoring safe. With behaviour pinned down, you can restructure code and know within seconds whether anything changed.',
            'They document intent. Tests are examples that cannot silently go out of date: a new teammate can read them to learn what a function is supposed to do, including the edge cases.',
            'They improve design. Code that is hard to test is usually too tightly coupled; writing the test first, or soon after, pushes you towards small functions with clear inputs and outputs.',
            'They speed up debugging. A failing unit test points at a few lines of code instead of a whole user flow.',
          ],
        },
        limits: {
          heading: 'Know their limits',
          paragraphs: [
            'Unit tests do not prove that the pieces work together, so pair them with fewer, broader integration tests and a handful of end-to-end tests for the critical journeys such as sign-in and checkout. Aim for meaningful coverage of logic and edge cases rather than a coverage percentage, test behaviour rather than implementation details, and keep tests fast and deterministic. A flaky test is worse than none, because it teaches the team to ignore a red build.',
          ],
        },
      },
    },
    frameworks: {
      question: 'React vs. Angular vs. Vue',
      summary:
        'Three mature ways to build the same kinds of apps: a flexible UI library, a batteries-included framework, and a progressive framework in between.',
      sections: {
        intro: {
          paragraphs: [
            'All three build component-based single-page applications, are fast enough for almost any product and have large, healthy communities. The real differences are in philosophy: how much each one decides for you, how it describes UI and how it tracks changes.',
          ],
        },
        react: {
          heading: 'React',
          paragraphs: [
            'React, open-sourced by Facebook (now Meta) in 2013, is a UI library. Components are JavaScript functions that return JSX, and the UI is re-rendered from state managed with hooks such as {{useState}} and {{useEffect}}. It deliberately leaves routing, data fetching, forms and styling to the ecosystem, so you choose a router, {{tanstackQuery}} and so on, or adopt a meta-framework such as {{nextJs}} that makes those choices for you. Strengths: the largest ecosystem and job market, React Native for mobile, and the flexibility of "it\'s just JavaScript". Weaknesses: decision fatigue, and easy performance pitfalls from needless re-renders and misused effects.',
          ],
        },
        angular: {
          heading: 'Angular',
          paragraphs: [
            'Angular, from Google, was released in 2016 as a complete rewrite of AngularJS. It is a full framework written in TypeScript that ships with a router, template-driven and reactive forms, an HTTP client, dependency injection, testing utilities and a CLI that generates code in one consistent structure. Recent versions added standalone components, signals for fine-grained reactivity and built-in control flow in templates, which make it noticeably lighter than it used to be. Strengths: strong conventions that keep large teams and long-lived enterprise apps consistent. Weaknesses: the steepest learning curve ({{rxjs}}, dependency injection, decorators) and more ceremony than a small project needs.',
          ],
        },
        vue: {
          heading: 'Vue',
          paragraphs: [
            'Vue, created by Evan You in 2014, sits between the two. It uses HTML-based templates with directives such as {{vIf}} and {{vFor}}, and single-file components that keep template, script and scoped styles together. Its reactivity system tracks dependencies automatically, so only what depends on changed data updates. {{vueRouter}}, the {{pinia}} store and the {{nuxt}} meta-framework form a coherent, officially maintained stack. The Composition API feels close to React hooks, without their rules about call order. Strengths: a gentle learning curve and excellent documentation. Weaknesses: a smaller ecosystem and job market than React.',
          ],
        },
        glance: {
          heading: 'At a glance',
          paragraphs: ['The table sums up the main differences.'],
          // A table of words, laid out in a code block: each language lays out its own.
          code: `              React              Angular                 Vue
Kind          UI library         Full framework          Progressive framework
Templates     JSX                HTML + Angular syntax   HTML + directives (SFC)
Reactivity    Re-render + hooks  Signals, {{zoneJs}}        Reactive proxies
Language      JS or TS           TypeScript              JS or TS
Learning      Moderate           Steep                   Gentle`,
        },
        choice: {
          heading: 'Which one should you choose?',
          paragraphs: [
            "Choose React when you want the biggest ecosystem and hiring pool, or expect to share knowledge with React Native. Choose Angular for large teams that value convention, strong typing and an all-in-one toolset. Choose Vue when you want an approachable framework with official answers for routing and state. For a typical web app any of the three will do the job well; your team's experience matters far more than benchmark differences.",
          ],
        },
      },
    },
  },
} as const;
