// What the quote wizard needs to name a contractor asked from its profile (issue 25): its name
// and the services it offers, prebuilt for every listed contractor like the profile itself (an
// unknown slug is the 404 page, and the wizard then asks any matching pros).
import type { APIRoute, GetStaticPaths } from 'astro';
import type { QuoteTarget } from '~/domain/chosen-pro';
import { siteData, type SiteBusiness } from '~/server/site';

export const getStaticPaths = (async () => {
  const data = await siteData();
  return data.businesses.map((business) => ({ params: { slug: business.slug }, props: { business } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ business: SiteBusiness }> = ({ props }) => {
  const { slug, name, serviceSlugs } = props.business;
  const target: QuoteTarget = { slug, name, services: serviceSlugs };
  return new Response(JSON.stringify(target), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
