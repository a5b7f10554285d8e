import { z } from 'zod';
import type { NewListingFields } from '../api/create-book';
import { MAX_PHOTOS } from '@/lib/copy';
import { LIMITS, optionalText } from '@/lib/form-rules';
import * as rules from '../listing-rules';

/** The category list's "Others" entry: the seller types a new category instead. */
export const OTHERS = 'others';

/** The add-book form; field names are the server's, so its 422 `fields` land beside the right inputs. */
export function addBookSchema(thisYear: number) {
  return z
    .object({
      title: rules.requiredText(LIMITS.bookTitleMaxChars),
      author: rules.requiredText(LIMITS.authorMaxChars),
      categoryId: z.string().min(1, rules.REQUIRED),
      newCategory: optionalText(LIMITS.categoryNameMaxChars),
      sellerName: rules.requiredText(LIMITS.personNameMaxChars),
      email: z.string().trim().min(1, rules.REQUIRED),
      phone: rules.phone,
      location: rules.requiredText(LIMITS.locationMaxChars),
      originalPrice: rules.price,
      resalePrice: rules.price,
      publishYear: rules.publishYear(thisYear),
      ratings: rules.ratings,
      reviews: rules.reviews,
      description: rules.description,
      condition: rules.condition,
      language: rules.bookLanguage,
      isbn: rules.isbn,
      // The photos in their order, the cover first. Each was checked (type, size) when it was picked, and only good
      // ones are kept; what is left to check is how many there are.
      image: z.array(z.custom<File>((value) => value instanceof File)),
    })
    .superRefine((values, ctx) => {
      if (values.categoryId === OTHERS && values.newCategory === '') {
        ctx.addIssue({ code: 'custom', path: ['newCategory'], message: rules.REQUIRED });
      }
      if (values.image.length === 0) ctx.addIssue({ code: 'custom', path: ['image'], message: rules.REQUIRED });
      if (values.image.length > MAX_PHOTOS) ctx.addIssue({ code: 'custom', path: ['image'], message: rules.TOO_MANY_PHOTOS_MESSAGE });
    });
}

export type AddBookValues = z.infer<ReturnType<typeof addBookSchema>>;

/** The names a 422 answer may use, all shown on the form (the e-mail is never sent, so never refused). */
export const SERVER_FIELDS = [
  'title',
  'author',
  'categoryId',
  'newCategory',
  'sellerName',
  'phone',
  'location',
  'originalPrice',
  'resalePrice',
  'publishYear',
  'ratings',
  'reviews',
  'description',
  'condition',
  'language',
  'isbn',
  'image',
] as const satisfies readonly (keyof AddBookValues)[];

/** What goes to the server: the category as an id or a new name (never both); the e-mail stays out. */
export function listingFields(values: AddBookValues): NewListingFields {
  const category = values.categoryId === OTHERS ? { newCategory: values.newCategory } : { categoryId: values.categoryId };
  return {
    ...category,
    title: values.title,
    author: values.author,
    sellerName: values.sellerName,
    location: values.location,
    phone: values.phone,
    originalPrice: values.originalPrice,
    resalePrice: values.resalePrice,
    publishYear: values.publishYear,
    description: values.description,
    ratings: values.ratings,
    reviews: values.reviews,
    condition: values.condition,
    language: values.language,
    isbn: values.isbn,
  };
}
