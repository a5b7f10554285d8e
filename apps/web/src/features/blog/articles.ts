// The /blog page's four short articles for working web developers: their order, their sections and the code samples
// they show. Their words are in the blog catalogue (src/lib/i18n/texts/blog-*.ts), keyed by the ids here; code is
// the same in every language. Plain data (no JSX), so the page component decides how to render it.

import type { blog } from '@/lib/i18n/texts/blog-en';

type ArticleTexts = (typeof blog)['articles'];
export type ArticleId = keyof ArticleTexts;

/** A section of an article: its texts are `articles.<article>.sections.<id>` in the catalogue. */
export interface BlogSection<A extends ArticleId = ArticleId> {
  id: keyof ArticleTexts[A]['sections'] & string;
  /** A code sample shown after the paragraphs (a section whose sample is words has it in the catalogue instead). */
  code?: string;
}

export type BlogArticle = { [A in ArticleId]: { id: A; slug: string; sections: BlogSection<A>[] } }[ArticleId];

/**
 * Names from code that the articles' texts mention (as placeholders): written as the code writes them, in every
 * language.
 */
export const CODE_NAMES = {
  useState: 'useState',
  useReducer: 'useReducer',
  useEffect: 'useEffect',
  useSearchParams: 'useSearchParams',
  zustand: 'Zustand',
  reduxToolkit: 'Redux Toolkit',
  tanstackQuery: 'TanStack Query',
  swr: 'SWR',
  rtkQuery: 'RTK Query',
  reactRouter: 'React Router',
  nextJs: 'Next.js',
  routerPush: 'router.push',
  classKeyword: 'class',
  prototypeSlot: '[[Prototype]]',
  nullValue: 'null',
  undefinedValue: 'undefined',
  getPrototypeOf: 'Object.getPrototypeOf(obj)',
  protoAccessor: '__proto__',
  objX: 'obj.x',
  x: 'x',
  obj: 'obj',
  map: 'map',
  arrayPrototype: 'Array.prototype',
  objectPrototype: 'Object.prototype',
  thisKeyword: 'this',
  objectCreate: 'Object.create',
  objectCreateProto: 'Object.create(proto)',
  proto: 'proto',
  objectCreateNull: 'Object.create(null)',
  toStringMethod: 'toString',
  rabbitEatsFalse: 'rabbit.eats = false',
  rabbit: 'rabbit',
  animalEats: 'animal.eats',
  animal: 'animal',
  hasOwn: 'Object.hasOwn(obj, key)',
  hasOwnPropertyCall: 'obj.hasOwnProperty(key)',
  inOperator: 'in',
  forIn: 'for...in',
  es2015: 'ES2015',
  prototypeProperty: 'prototype',
  newF: 'new F()',
  fPrototype: 'F.prototype',
  f: 'F',
  classExtends: 'class UsedBook extends Book',
  usedBookPrototype: 'UsedBook.prototype',
  bookPrototype: 'Book.prototype',
  usedBook: 'UsedBook',
  book: 'Book',
  superKeyword: 'super',
  hashFields: '#fields',
  newKeyword: 'new',
  typeofUsedBook: 'typeof UsedBook',
  functionString: "'function'",
  rxjs: 'RxJS',
  vIf: 'v-if',
  vFor: 'v-for',
  vueRouter: 'Vue Router',
  pinia: 'Pinia',
  nuxt: 'Nuxt',
  zoneJs: 'zone.js',
} as const;

export const BLOG_ARTICLES: BlogArticle[] = [
  {
    id: 'stateManagement',
    slug: 'react-state-management',
    sections: [
      { id: 'intro' },
      {
        id: 'local',
        code: `const [isOpen, setIsOpen] = useState(false);
const [cart, dispatch] = useReducer(cartReducer, []);
dispatch({ type: 'add', bookId });`,
      },
      {
        id: 'global',
        code: `const useCart = create((set) => ({
  items: [],
  add: (book) => set((s) => ({ items: [...s.items, book] })),
}));
const count = useCart((s) => s.items.length);`,
      },
      {
        id: 'server',
        code: `const { data, isPending, error } = useQuery({
  queryKey: ['books', categoryId],
  queryFn: () => fetchBooks(categoryId),
});`,
      },
      {
        id: 'url',
        code: `const [params, setParams] = useSearchParams();
const page = Number(params.get('page') ?? '1');
setParams({ page: String(page + 1) });`,
      },
      { id: 'rule' },
    ],
  },
  {
    id: 'prototypes',
    slug: 'prototypal-inheritance',
    sections: [
      { id: 'intro' },
      {
        id: 'lookup',
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
        id: 'create',
        code: `rabbit.eats = false;                // own property, shadows animal.eats
animal.eats;                        // true
Object.hasOwn(rabbit, 'eats');      // true
Object.hasOwn(rabbit, 'describe');  // false
'describe' in rabbit;               // true, found on the chain`,
      },
      {
        id: 'constructors',
        code: `function Book(title) { this.title = title; }
Book.prototype.label = function () { return this.title; };

function UsedBook(title, price) {
  Book.call(this, title);
  this.price = price;
}
UsedBook.prototype = Object.create(Book.prototype);
UsedBook.prototype.constructor = UsedBook;`,
      },
      { id: 'classes' },
    ],
  },
  {
    id: 'unitTesting',
    slug: 'unit-testing',
    sections: [
      {
        id: 'what',
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
      { id: 'good' },
      { id: 'why' },
      { id: 'limits' },
    ],
  },
  {
    id: 'frameworks',
    slug: 'react-vs-angular-vs-vue',
    sections: [
      { id: 'intro' },
      { id: 'react' },
      { id: 'angular' },
      { id: 'vue' },
      { id: 'glance' },
      { id: 'choice' },
    ],
  },
];
