'use client';
// Only logged-in visitors see the user menu, so its dropdown code (Radix menu and popper) loads
// only when it is rendered instead of shipping with every page.
import dynamic from 'next/dynamic';

export const LazyUserMenu = dynamic(() => import('./user-menu').then((module) => module.UserMenu));
