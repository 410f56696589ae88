/** The public landing page: top bar, hero, demo, features, pricing and sign-up options. */
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Play } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { Brand } from '../shell/Brand.tsx';
import { Footer } from '../shell/Footer.tsx';
import { DemoModal } from './DemoModal.tsx';
import { FeaturesSection, ClaimsStrip } from './FeaturesSection.tsx';
import { PricingSection } from './PricingSection.tsx';
import { WELCOME_OFFER } from './plans.ts';
import { SignupOptions } from './SignupOptions.tsx';
import { Walkthrough } from './Walkthrough.tsx';

function TopBar() {
  const auth = useAuth();
  return (
    <header className="absolute inset-x-0 top-0 z-30">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Brand dark />
        <nav className="hidden items-center gap-6 text-sm text-slate-300 md:flex">
          <a href="#features" className="hover:text-white">Features</a>
          <a href="#pricing" className="hover:text-white">Pricing</a>
          <Link to="/docs" className="hover:text-white">Docs</Link>
        </nav>
        <div className="flex items-center gap-2">
          {auth.isAuthenticated ? (
            <>
              <Link to="/app/upload" className={buttonClass('white', 'sm')}>Dashboard</Link>
              <Button variant="onDark" size="sm" onClick={() => void auth.logout()}>Sign Out</Button>
            </>
          ) : (
            <>
              <Button variant="onDark" size="sm" onClick={() => void auth.loginWithRedirect()}>Sign In</Button>
              <Button variant="white" size="sm" onClick={() => void auth.loginWithRedirect({ signup: true })}>Sign Up</Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const scrollToSignup = () => document.getElementById('signup-options')?.scrollIntoView({ behavior: 'smooth' });
  return (
    <div className="min-h-screen bg-white">
      <title>Ladingwise · AI bill of lading to EDI X12 204 and 211</title>
      <section className="relative overflow-hidden bg-slate-950 pb-24 pt-32 text-white">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.35),transparent_60%)]" />
        <div className="pointer-events-none absolute inset-0 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px]" />
        <TopBar />
        <div className="relative mx-auto max-w-7xl px-4 text-center sm:px-6 lg:px-8">
          <span className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-brand-100">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-400" /> {WELCOME_OFFER}
          </span>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-semibold tracking-tight sm:text-6xl">
            Bills of lading in. <span className="bg-gradient-to-r from-brand-200 to-sky-300 bg-clip-text text-transparent">Clean EDI out.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
            An AI agent reads scanned and photographed bills of lading, typed or handwritten, and turns them into
            EDI X12 204 and 211 documents for your TMS or ERP, with up to 99.9% accuracy, around the clock.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={scrollToSignup}>Start Free Trial <ArrowRight className="h-4 w-4" /></Button>
            <Button size="lg" variant="onDark" onClick={() => setDemoOpen(true)}>
              <Play className="h-4 w-4" /> Watch Demo
            </Button>
          </div>
          <ClaimsStrip />
        </div>
      </section>

      <section id="demo" className="bg-slate-950 pb-24">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <div className="overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10">
            <Walkthrough autoplay />
          </div>
          <p className="mt-4 text-center text-sm text-slate-400">From a phone photo to a validated 204 in under a minute.</p>
        </div>
      </section>

      <FeaturesSection />
      <PricingSection />
      <SignupOptions />
      <Footer />
      <DemoModal open={demoOpen} onOpenChange={setDemoOpen} />
    </div>
  );
}
