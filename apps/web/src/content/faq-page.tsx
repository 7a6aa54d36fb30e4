import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { GUIDANCE, UNFINISHED_TTL_MS } from '@eid/domain/constants';

/** One question of the FAQ: the question as the summary, the answer as one paragraph. */
function Question({ q, children }: { q: ReactNode; children: ReactNode }) {
  return (
    <details>
      <summary>{q}</summary>
      <p>{children}</p>
    </details>
  );
}

/**
 * The FAQ ("DUK", route /duk): the 12 groups of app-shell §1 in their order, each a section with
 * its questions as `<details>`. The guidance numbers come from the domain's constants.
 */
export function FaqPage() {
  const days = GUIDANCE.uninsuredNoticeWorkingDays;
  const months = GUIDANCE.insurerAnswerMonths;
  const percent = GUIDANCE.uneconomicalRepairPercent;
  const minutes = UNFINISHED_TTL_MS / 60_000;
  return (
    <article className="page content-page">
      <h1>
        <Trans>Frequently asked questions</Trans>
      </h1>
      <p className="lead">
        <Trans>Answers about declaring road accidents, motor third-party liability insurance and the work of the bureau.</Trans>
      </p>

      <section id="faq-declaring" aria-labelledby="faq-declaring-title">
        <h2 id="faq-declaring-title">
          <Trans>Declaring an accident</Trans>
        </h2>
        <Question q={<Trans>When can we declare an accident ourselves, without the police?</Trans>}>
          <Trans>
            When only vehicles or other property were damaged, nobody was injured or killed and the drivers agree on how the
            accident happened. Then the drivers fill in a declaration together, on paper or electronically.
          </Trans>
        </Question>
        <Question q={<Trans>When must we call the police?</Trans>}>
          <Trans>
            Call 112 if someone is injured or killed, if a driver seems to be drunk or under the influence of drugs, has no right
            to drive or leaves the scene, or if the drivers cannot agree on what happened.
          </Trans>
        </Question>
        <Question q={<Trans>What should I do first at the scene?</Trans>}>
          <Trans>
            Stop, turn on the hazard lights and put out the warning triangle. Help anyone who is hurt and call 112. If nobody is
            injured, take photos of the vehicles where they stopped, then move them out of the way if they block traffic.
          </Trans>
        </Question>
        <Question q={<Trans>Can we still use the paper declaration?</Trans>}>
          <Trans>
            Yes. The paper European accident statement is as valid as the electronic declaration. Use it when a phone, the
            internet or the service is not available, or when the electronic declaration cannot be completed.
          </Trans>
        </Question>
      </section>

      <section id="faq-platform" aria-labelledby="faq-platform-title">
        <h2 id="faq-platform-title">
          <Trans>The electronic declaration service</Trans>
        </h2>
        <Question q={<Trans>What do I need to use the electronic declaration?</Trans>}>
          <Trans>
            A phone with a camera, a web browser and an internet connection. No app and no account are needed, and the service is
            free. Each driver can fill in their part on their own phone, or one phone can be used for both drivers.
          </Trans>
        </Question>
        <Question q={<Trans>What happens if the connection drops or the browser closes?</Trans>}>
          <Trans>
            What you typed is kept on your phone and sent when the connection is back. An unfinished declaration is kept for {minutes} minutes
            after the last activity: start again, enter both plates, and the open declaration is found.
          </Trans>
        </Question>
        <Question q={<Trans>Can I change a declaration after it was sent?</Trans>}>
          <Trans>
            No. A sent declaration cannot be edited, cancelled or deleted. If you notice a mistake, tell the insurer that handles the
            claim and explain what is wrong.
          </Trans>
        </Question>
        <Question q={<Trans>Can I try it before an accident happens?</Trans>}>
          <Trans>
            Yes. Choose practice on the start page. The practice mode works like a real declaration, but one phone fills in both
            parts and nothing is saved or sent.
          </Trans>
        </Question>
      </section>

      <section id="faq-travel" aria-labelledby="faq-travel-title">
        <h2 id="faq-travel-title">
          <Trans>Travelling abroad</Trans>
        </h2>
        <Question q={<Trans>Is my Lithuanian motor insurance valid abroad?</Trans>}>
          <Trans>
            Yes, in all countries of the European Economic Area and in the other countries that have joined the multilateral
            agreement of the Green Card system, such as Switzerland and Serbia. There your Lithuanian policy is proof of insurance.
          </Trans>
        </Question>
        <Question q={<Trans>When do I need a Green Card?</Trans>}>
          <Trans>
            In countries of the Green Card system that are not covered by the multilateral agreement. Ask your insurer for a Green
            Card before the trip and check that the countries you will drive through are not crossed out on it.
          </Trans>
        </Question>
        <Question q={<Trans>What if the country is not in the Green Card system?</Trans>}>
          <Trans>
            Your Lithuanian insurance does not cover it. Buy the local border insurance when you enter the country, or before the
            trip where that is possible.
          </Trans>
        </Question>
      </section>

      <section id="faq-abroad" aria-labelledby="faq-abroad-title">
        <h2 id="faq-abroad-title">
          <Trans>Accidents abroad</Trans>
        </h2>
        <Question q={<Trans>Can I use the electronic declaration for an accident abroad?</Trans>}>
          <Trans>
            No, it is only for accidents in Lithuania. Abroad fill in the paper European accident statement: it is the same form in
            every language, so its boxes can be compared by number. Call the police if someone is injured or local rules require it.
          </Trans>
        </Question>
        <Question q={<Trans>Whom do I claim from after an accident in another country of the European Economic Area?</Trans>}>
          <Trans>
            You can claim in Lithuania from the claims representative of the insurer of the vehicle at fault. The bureau, as the
            information centre, tells you which insurer covered the vehicle and who represents it here.
          </Trans>
        </Question>
        <Question q={<Trans>What if the insurer abroad does not answer my claim?</Trans>}>
          <Trans>
            If the insurer or its representative gives you no reasoned answer within {months} months, you may claim from the
            bureau, which acts as the compensation body in Lithuania.
          </Trans>
        </Question>
        <Question q={<Trans>I caused an accident abroad. What should I do?</Trans>}>
          <Trans>
            Tell your own insurer as soon as possible and send it a copy of the accident statement. Your insurer handles the
            victim's claim through the Green Card system.
          </Trans>
        </Question>
      </section>

      <section id="faq-bureau-claims" aria-labelledby="faq-bureau-claims-title">
        <h2 id="faq-bureau-claims-title">
          <Trans>Claims to the bureau</Trans>
        </h2>
        <Question q={<Trans>When does the bureau pay instead of an insurer?</Trans>}>
          <Trans>
            When the vehicle at fault was not insured, or when it could not be identified. The bureau also handles claims for
            accidents in Lithuania caused by vehicles insured abroad, and for accidents abroad when the insurer does not answer.
          </Trans>
        </Question>
        <Question q={<Trans>How do I claim from the bureau?</Trans>}>
          <Trans>
            Send the bureau a written claim with the accident declaration or the police documents, photos, the repair estimate or
            invoices, and your bank account details. Do not repair the vehicle before it has been inspected.
          </Trans>
        </Question>
        <Question q={<Trans>What if the insurer does not answer my claim?</Trans>}>
          <Trans>
            If the insurer of the vehicle at fault gives you no reasoned answer within {months} months of your claim, you may claim
            from the bureau.
          </Trans>
        </Question>
      </section>

      <section id="faq-lawsuits" aria-labelledby="faq-lawsuits-title">
        <h2 id="faq-lawsuits-title">
          <Trans>Lawsuits</Trans>
        </h2>
        <Question q={<Trans>Why is the bureau taking me to court?</Trans>}>
          <Trans>
            After the bureau has paid for damage caused by an uninsured vehicle, the law lets it recover the amount from the person
            who caused the accident. If the amount is not repaid voluntarily, the bureau claims it in court.
          </Trans>
        </Question>
        <Question q={<Trans>Can I settle without going to court?</Trans>}>
          <Trans>
            Yes. Contact the bureau as soon as you receive its claim letter: you can agree on paying in instalments. Settling early
            saves court costs and interest.
          </Trans>
        </Question>
        <Question q={<Trans>I do not agree with the claim. What can I do?</Trans>}>
          <Trans>
            Answer the court within the time given in its notice and present your evidence. If you do not answer, the court may
            decide the case without hearing you.
          </Trans>
        </Question>
      </section>

      <section id="faq-bailiffs" aria-labelledby="faq-bailiffs-title">
        <h2 id="faq-bailiffs-title">
          <Trans>Bailiffs</Trans>
        </h2>
        <Question q={<Trans>Why has a bailiff contacted me?</Trans>}>
          <Trans>
            A court decided that you must pay the bureau, and the debt was not paid voluntarily. The bureau then handed the court's
            decision to a bailiff to enforce.
          </Trans>
        </Question>
        <Question q={<Trans>How do I end the enforcement?</Trans>}>
          <Trans>
            Pay the debt together with the bailiff's costs, or agree with the bureau on a payment schedule. Ask the bailiff for the
            exact amount and pay it as the bailiff tells you; the enforcement ends when the debt is paid.
          </Trans>
        </Question>
        <Question q={<Trans>What can a bailiff recover from?</Trans>}>
          <Trans>
            Money in bank accounts, a part of your income and your property, within the limits the law sets to leave you a minimum
            to live on. Paying voluntarily costs less than enforcement.
          </Trans>
        </Question>
      </section>

      <section id="faq-uninsured" aria-labelledby="faq-uninsured-title">
        <h2 id="faq-uninsured-title">
          <Trans>Uninsured vehicles</Trans>
        </h2>
        <Question q={<Trans>Must every vehicle be insured?</Trans>}>
          <Trans>
            Yes. Every vehicle registered in Lithuania must have motor third-party liability insurance, even when it is not driven,
            unless it has been deregistered or its registration has been suspended. Driving an uninsured vehicle is fined.
          </Trans>
        </Question>
        <Question q={<Trans>I caused an accident with an uninsured vehicle. What now?</Trans>}>
          <Trans>
            You must notify the bureau in writing within {days} working days of the accident. The bureau compensates the victim
            and then claims the whole amount from you.
          </Trans>
        </Question>
        <Question q={<Trans>How can I check whether a vehicle is insured?</Trans>}>
          <Trans>
            The bureau's website has a public insurance check by plate. The electronic declaration also checks the insurance of
            both vehicles when you enter their plates.
          </Trans>
        </Question>
      </section>

      <section id="faq-premium" aria-labelledby="faq-premium-title">
        <h2 id="faq-premium-title">
          <Trans>The size of the premium</Trans>
        </h2>
        <Question q={<Trans>Who sets the price of my motor insurance?</Trans>}>
          <Trans>
            Each insurer sets its own premiums. Neither the bureau nor the state sets them, so it pays to compare the offers of
            several insurers.
          </Trans>
        </Question>
        <Question q={<Trans>What does the premium depend on?</Trans>}>
          <Trans>
            Usually on the type and engine power of the vehicle, the owner's age, driving experience and place of residence, how
            the vehicle is used, and the accidents the driver has caused in recent years.
          </Trans>
        </Question>
        <Question q={<Trans>Why did my premium rise after an accident?</Trans>}>
          <Trans>
            Insurers see in the bureau's database the accidents for which damage was paid on your insurance. An accident you caused
            usually raises the premium for some years; an accident in which you were the victim should not.
          </Trans>
        </Question>
      </section>

      <section id="faq-wrong-data" aria-labelledby="faq-wrong-data-title">
        <h2 id="faq-wrong-data-title">
          <Trans>Wrong data in the bureau's database</Trans>
        </h2>
        <Question q={<Trans>What data does the bureau's database hold?</Trans>}>
          <Trans>
            The insurance policies of vehicles and the accidents for which damage was paid, as the insurers report them. Insurers
            use these data to handle claims and to calculate premiums.
          </Trans>
        </Question>
        <Question q={<Trans>The database shows a wrong policy or accident. What do I do?</Trans>}>
          <Trans>
            The data come from the insurers, so first ask the insurer that reported them to correct them. If that does not help,
            write to the bureau with the documents that show the right data: the bureau checks them and has the data corrected.
          </Trans>
        </Question>
        <Question q={<Trans>Can I see what the bureau keeps about me?</Trans>}>
          <Trans>
            Yes. Write to the bureau and you will receive the data it keeps about you. You also have the right to have wrong data
            corrected.
          </Trans>
        </Question>
      </section>

      <section id="faq-written-off" aria-labelledby="faq-written-off-title">
        <h2 id="faq-written-off-title">
          <Trans>Written-off vehicles</Trans>
        </h2>
        <Question q={<Trans>When is a vehicle written off?</Trans>}>
          <Trans>
            When its repair is uneconomical: repair is uneconomical when it costs {percent}% or more of the vehicle's market value
            before the accident.
          </Trans>
        </Question>
        <Question q={<Trans>How much is paid for a written-off vehicle?</Trans>}>
          <Trans>
            Usually the vehicle's market value before the accident, less the value of what is left of it, which stays with you.
            The values are set by an assessment; if you disagree, you may give the insurer an independent assessment.
          </Trans>
        </Question>
        <Question q={<Trans>May I still repair a written-off vehicle?</Trans>}>
          <Trans>
            Yes, at your own cost. The compensation is the same whether you repair the vehicle, sell it or scrap it.
          </Trans>
        </Question>
      </section>

      <section id="faq-towed" aria-labelledby="faq-towed-title">
        <h2 id="faq-towed-title">
          <Trans>Towed vehicles</Trans>
        </h2>
        <Question q={<Trans>Who pays for towing after an accident?</Trans>}>
          <Trans>
            If your vehicle cannot be driven, the reasonable cost of towing it to a repair shop or a storage place is part of your
            damage, paid by the insurer of the party at fault. Keep the invoice.
          </Trans>
        </Question>
        <Question q={<Trans>Who pays for keeping the vehicle in storage?</Trans>}>
          <Trans>
            Reasonable storage costs until the vehicle is inspected are also part of the damage. Ask the insurer to inspect the
            vehicle quickly: a long stay in storage may not be paid in full.
          </Trans>
        </Question>
        <Question q={<Trans>The police or the municipality towed my car away. Is that an insurance matter?</Trans>}>
          <Trans>
            No. Towing for a parking or traffic offence is not covered by motor insurance. Contact the authority that ordered the
            towing.
          </Trans>
        </Question>
      </section>
    </article>
  );
}
