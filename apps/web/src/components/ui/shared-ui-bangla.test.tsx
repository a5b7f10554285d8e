import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import userEvent from '@testing-library/user-event';
import { ContactFields, contactShape, type ContactValues } from '@/components/forms/ContactFields';
import { ApiError } from '@/lib/api-client';
import { switchLanguage } from '@/lib/i18n/translations';
import { ErrorState } from './ErrorState';
import { OriginalPrice, Price } from './Price';
import { Spinner } from './Spinner';
import { StarRating } from './StarRating';

// The shared pieces every page draws, in the reader's language: English exactly as before, Bangla with Bengali digits.

function ContactForm() {
  const form = useForm<ContactValues>({ resolver: zodResolver(z.object(contactShape)), defaultValues: { phone: '', location: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => {})}>
      <ContactFields
        phone={{ error: errors.phone?.message, ...form.register('phone') }}
        location={{ error: errors.location?.message, ...form.register('location') }}
      />
      <button type="submit">send</button>
    </form>
  );
}

describe('prices, ratings, loading and failures', () => {
  it('read as before in English', () => {
    render(
      <>
        <Price amount={1200} />
        <OriginalPrice amount={1500} />
        <StarRating ratings={4.8} reviews={1} />
        <Spinner />
        <ErrorState error={new ApiError(0, 'unavailable', "We couldn't reach Puronoboi. Check your connection and try again.")} onRetry={vi.fn()} />
      </>,
    );
    expect(screen.getByText('1,200 ৳')).toBeInTheDocument();
    expect(screen.getByText('Original price')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.8 out of 5')).toBeInTheDocument();
    expect(screen.getByText('1 review')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "We couldn't load this" })).toBeInTheDocument();
    expect(screen.getByText("We couldn't reach Puronoboi. Check your connection and try again.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('read in Bangla with Bengali digits, without an English word', async () => {
    await switchLanguage('bn');
    const { container } = render(
      <>
        <Price amount={1200} />
        <OriginalPrice amount={1500} />
        <StarRating ratings={4.8} reviews={42} />
        <Spinner />
        <ErrorState error={new ApiError(0, 'unavailable', "We couldn't reach Puronoboi. Check your connection and try again.")} onRetry={vi.fn()} />
      </>,
    );
    expect(screen.getByText('১,২০০ ৳')).toBeInTheDocument();
    expect(screen.getByText('১,৫০০ ৳')).toBeInTheDocument();
    expect(screen.getByText('মূল দাম')).toBeInTheDocument();
    expect(screen.getByText('৫-এর মধ্যে ৪.৮ রেটিং')).toBeInTheDocument();
    expect(screen.getByText('৪২টি রিভিউ')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'লোড হচ্ছে' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'তথ্য আনা যায়নি' })).toBeInTheDocument();
    expect(screen.getByText('পুরনো বই-এর সঙ্গে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});

describe('the contact fields', () => {
  it("say the spec's words in English", async () => {
    render(<ContactForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('Phone no is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('Enter a Bangladesh mobile number, e.g. 01712-345678')).toBeInTheDocument();
  });

  it('speak Bangla: labels, hints, placeholders and the rules', async () => {
    await switchLanguage('bn');
    render(<ContactForm />);
    const user = userEvent.setup();
    const phone = screen.getByLabelText('ফোন');
    expect(phone).toHaveAttribute('placeholder', '০১৭১২-৩৪৫৬৭৮');
    expect(phone).toHaveAccessibleDescription('বাংলাদেশের একটি মোবাইল নম্বর, যাতে বিক্রেতা ফোন করতে পারেন।');
    expect(screen.getByLabelText('ঠিকানা')).toHaveAttribute('placeholder', 'যেমন: নীলক্ষেত, ঢাকা');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('ফোন নম্বর দিতে হবে')).toBeInTheDocument();
    expect(screen.getByText('ঠিকানা দিতে হবে')).toBeInTheDocument();
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২-৩৪৫৬৭৮')).toBeInTheDocument();
  });
});

describe('a phone typed in Bengali digits', () => {
  it('is the same Bangladesh mobile number, sent in Latin digits', () => {
    const contact = z.object(contactShape);
    expect(contact.parse({ phone: '০১৭১২-৩৪৫৬৭৮', location: 'নীলক্ষেত' })).toEqual({ phone: '01712-345678', location: 'নীলক্ষেত' });
    expect(contact.parse({ phone: '+৮৮০ ১৭১২ ৩৪৫৬৭৮', location: 'x' }).phone).toBe('+880 1712 345678');
    expect(contact.safeParse({ phone: '০১২১২-৩৪৫৬৭৮', location: 'x' }).success, 'no operator 2').toBe(false);
  });
});
