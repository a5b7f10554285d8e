import type { IconType } from 'react-icons';
import { LuHandCoins, LuMousePointerClick, LuTruck } from '@/components/ui/icons';

interface Service {
  icon: IconType;
  title: string;
  text: string;
}

const SERVICES: Service[] = [
  {
    icon: LuHandCoins,
    title: 'Used book buying',
    text: 'Pay far less than the shelf price for books that still have plenty of reading left in them, and sell the ones you have finished to readers who need them.',
  },
  {
    icon: LuMousePointerClick,
    title: 'Super easy to order',
    text: 'Find a book, press Buy Now and tell the seller where to meet. No haggling and no endless messages: the price you see is the price you pay.',
  },
  {
    icon: LuTruck,
    title: 'Free delivery',
    text: 'We bring your books to you at no extra charge, so a 150 ৳ paperback still costs 150 ৳ when it reaches your hands.',
  },
];

export function ServicesBlock() {
  return (
    <section aria-labelledby="services-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className="section-eyebrow mb-2">Why Puronoboi</p>
          <h2 id="services-heading" className="text-3xl font-bold text-primary sm:text-4xl">
            Good books should not cost a fortune
          </h2>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-3 rounded-box bg-base-100 p-7 shadow-soft ring-1 ring-base-300/70">
              <span className="grid size-12 place-items-center rounded-field bg-primary/10 text-primary" aria-hidden="true">
                <Icon className="size-6" />
              </span>
              <h3 className="text-xl font-semibold">{title}</h3>
              <p className="text-base-content/75">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
