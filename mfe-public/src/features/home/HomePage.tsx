import { Hero } from './Hero';
import { SectionCards } from './SectionCards';
import { Features } from './Features';
import { ReviewsSection } from '../reviews/ReviewsSection';
import { ReviewForm } from '../reviews/ReviewForm';
import { Faq } from '../faq/Faq';

export function HomePage() {
  return (
    <div className="pub-home">
      <Hero />
      <SectionCards />
      <Features />
      <ReviewsSection />
      <ReviewForm />
      <Faq />
    </div>
  );
}
