// /about (spec 1 §2 'Static pages'): mission, who we serve, why choose us, story, core values, and a contact link.
import { Building2, HeartHandshake, Leaf, Lock, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { Bullets, StaticPage, StaticSection } from '../components/static-page';

export function AboutPage() {
  return (
    <StaticPage
      title="About CardCrew"
      intro="We help teams of every size replace paper business cards with digital cards that are always up to date, on brand and one scan away."
    >
      <StaticSection id="mission" title="Our Mission">
        <p>
          A business card should open a conversation, not end up in a drawer. Our mission is to make every introduction count by giving each
          person on a team a professional digital card — with a scannable QR code and a public page — that their company can keep accurate and
          consistent without reprinting a thing.
        </p>
      </StaticSection>

      <StaticSection id="who-we-serve" title="Who We Serve">
        <div className="grid gap-4 sm:grid-cols-2">
          <Audience icon={<Building2 aria-hidden className="size-5" />} title="Businesses">
            Owners and office managers who create cards for their employees, apply their logo and brand colours, and manage the whole team —
            and its per-user billing — from one dashboard.
          </Audience>
          <Audience icon={<Users aria-hidden className="size-5" />} title="Marketing agencies">
            Agencies that run digital business cards for several client businesses, with consolidated billing, white-label options and volume
            discounts.
          </Audience>
        </div>
        <p>Employees get their own portal too, where they keep their profile current and download or share their card.</p>
      </StaticSection>

      <StaticSection id="why-choose-us" title="Why Choose Us">
        <Bullets>
          <li>
            <strong>Ready in minutes.</strong> Add an employee and their card and QR code are generated straight away.
          </li>
          <li>
            <strong>Always current.</strong> Change a job title or phone number once and every shared card shows it — no reprints.
          </li>
          <li>
            <strong>On brand.</strong> Your logo and colours on every card, for every person on the team.
          </li>
          <li>
            <strong>Works everywhere.</strong> Card pages open on any phone, without an app, and save straight to the contacts list.
          </li>
          <li>
            <strong>Fair pricing.</strong> You pay per user per month, with lower rates as your team grows.
          </li>
        </Bullets>
      </StaticSection>

      <StaticSection id="story" title="Our Story">
        <p>
          CardCrew started in 2025 after one too many boxes of business cards went out of date the week they were printed — a new phone number
          here, a promotion there. We built a simple tool for our own team: one card per person, a QR code to share it, and a dashboard to keep
          everything right.
        </p>
        <p>
          Other companies asked to use it, then agencies asked to run it for their clients. Today CardCrew serves businesses and agencies that
          want their people to make a great first impression, every time.
        </p>
      </StaticSection>

      <StaticSection id="values" title="Our Core Values">
        <ul className="grid gap-4 sm:grid-cols-2">
          <Value icon={<Sparkles aria-hidden className="size-5" />} title="Simplicity">
            Every feature should save time. If it needs a manual, we have not finished designing it.
          </Value>
          <Value icon={<Lock aria-hidden className="size-5" />} title="Privacy and trust">
            You decide what appears on a card. We never sell your data.
          </Value>
          <Value icon={<HeartHandshake aria-hidden className="size-5" />} title="Customer partnership">
            We listen to the teams who use CardCrew every day, and build what they need next.
          </Value>
          <Value icon={<Leaf aria-hidden className="size-5" />} title="Sustainability">
            Digital cards mean fewer printed cards thrown away each time details change.
          </Value>
        </ul>
      </StaticSection>

      <section aria-labelledby="get-in-touch" className="rounded-xl border bg-muted p-6 text-center">
        <h2 id="get-in-touch" className="text-xl font-semibold">
          Get in Touch
        </h2>
        <p className="mt-2 text-muted-foreground">Questions about CardCrew, partnerships or pricing? We would love to hear from you.</p>
        <Button asChild className="mt-4">
          <Link to="/contact">Contact Us</Link>
        </Button>
      </section>
    </StaticPage>
  );
}

function Audience({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-secondary">{icon}</span>
        {title}
      </h3>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{children}</p>
    </div>
  );
}

function Value({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border bg-card p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-secondary">{icon}</span>
        {title}
      </h3>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">{children}</p>
    </li>
  );
}
