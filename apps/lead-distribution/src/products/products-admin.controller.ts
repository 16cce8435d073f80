import { Body, Controller, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminProductDto,
  AdminProductListDto,
  ApiKeyRole,
  CreateProductDto,
  ListProductsQueryDto,
  PageQueryDto,
  ProductAsPolicyResponse,
  ProductAsPolicyVersionListDto,
  ProductDto,
  SetAsPolicyDto,
  UpdateProductDto,
} from '#contracts';
import { ApiProblems, Idempotent, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { ProductsService } from './products.service.js';

@ApiTags('admin: products')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/products')
export class ProductsAdminController {
  constructor(private readonly products: ProductsService) {}

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @ApiOperation({ summary: 'Create a product of a provider' })
  @ApiCreatedResponse({ type: ProductDto })
  @ApiProblems(409)
  create(@Body() body: CreateProductDto): Promise<ProductDto> {
    return this.products.create(body);
  }

  @Get()
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'List products, newest first (search by name; filter by activity and provider)' })
  @ApiOkResponse({ type: AdminProductListDto })
  list(@Query() query: ListProductsQueryDto): Promise<AdminProductListDto> {
    return this.products.list(query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Get one product' })
  @ApiOkResponse({ type: AdminProductDto })
  @ApiProblems(404)
  get(@Param('id', uuidParam('id')) id: string): Promise<AdminProductDto> {
    return this.products.getForOperator(id);
  }

  @Patch(':id')
  @OperatorRole('admin')
  @ApiOperation({
    summary: "Change a product's name, provider, AS window or activity (only the fields sent)",
    description:
      'The provider changes only while no lead or order names the product (409 PRODUCT_PROVIDER_FIXED otherwise: orders show the product’s provider, its lead files are linked under that provider, and its key registers the leads). A changed AS window applies to AS requests filed from then on, leads already assigned included.',
  })
  @ApiOkResponse({ type: AdminProductDto })
  @ApiProblems(404, 409)
  update(@Param('id', uuidParam('id')) id: string, @Body() body: UpdateProductDto): Promise<AdminProductDto> {
    return this.products.update(id, body);
  }

  @Put(':id/as-policy')
  @OperatorRole('admin')
  @ApiOperation({
    summary: "Set a product's AS policy text",
    description: 'Partners are answered the new text from now on; the earlier texts stay listed as versions.',
  })
  @ApiOkResponse({ type: ProductAsPolicyResponse })
  @ApiProblems(404)
  setAsPolicy(@Param('id', uuidParam('id')) id: string, @Body() body: SetAsPolicyDto): Promise<ProductAsPolicyResponse> {
    return this.products.setAsPolicy(id, body.textContent);
  }

  @Get(':id/as-policy/versions')
  @OperatorRole('viewer')
  @ApiOperation({ summary: "List a product's saved AS policy texts, newest (the current one) first" })
  @ApiOkResponse({ type: ProductAsPolicyVersionListDto })
  @ApiProblems(404)
  listAsPolicyVersions(@Param('id', uuidParam('id')) id: string, @Query() query: PageQueryDto): Promise<ProductAsPolicyVersionListDto> {
    return this.products.listAsPolicyVersions(id, query);
  }
}
